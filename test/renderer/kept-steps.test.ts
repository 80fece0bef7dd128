import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { services } from '../../renderer/src/services';
import { useTableStore } from '../../renderer/src/stores/table';
import { useTestServices } from './mount';

// A turn staged, then the page reloaded: the tab's session holds the steps for that table and seat only.
describe("the table store keeps a seat's staged steps in the tab's session", () => {
  let session: Storage;
  beforeEach(() => {
    useTestServices();
    session = services().session;
  });

  const seated = (seat: number) => {
    session.setItem(
      'red7.session',
      JSON.stringify({ url: 'ws://h:1/ws', tableId: 'tbl1', token: 't', seat }),
    );
    setActivePinia(createPinia());
    const table = useTableStore();
    table.init();
    return table;
  };

  it('finds them after a reload, for the same table and seat, and refuses what is no list of moves', () => {
    const staged = { at: '1:4:9', steps: [{ type: 'play' as const, card: 'G6' as const }] };
    seated(0).keptSteps.save(staged);
    expect(seated(0).keptSteps.load()).toEqual(staged);
    expect(seated(1).keptSteps.load()).toBeNull();
    session.setItem(
      'red7.staged',
      JSON.stringify({ table: 'tbl1', seat: 0, at: '1:4:9', steps: [{ type: 'fly' }] }),
    );
    expect(seated(0).keptSteps.load()).toBeNull();
    seated(0).keptSteps.save(null);
    expect(session.getItem('red7.staged')).toBeNull();
  });
});
