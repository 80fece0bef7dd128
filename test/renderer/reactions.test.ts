// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REACTIONS, takeReactionSlot, type ServerMessage } from '../../shared/protocol';
import SeatReaction from '../../renderer/src/components/board/SeatReaction.vue';
import { isReaction, reactionFace, reactionSpoken } from '../../renderer/src/table-models/reactions';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useReactionsStore } from '../../renderer/src/stores/reactions';
import { useTableStore } from '../../renderer/src/stores/table';
import { MemoryStorage } from './memory-storage';
import { i18nWithAllLocales, mountApp, useTestServices } from './mount';

describe('the rate window both ends apply', () => {
  it('takes 3 in any 5 s, and frees a place as each leaves the window', () => {
    const times: number[] = [];
    expect([0, 100, 200, 300].map((t) => takeReactionSlot(times, t))).toEqual([true, true, true, false]);
    expect(takeReactionSlot(times, 4999)).toBe(false);
    expect(takeReactionSlot(times, 5000)).toBe(true);
    expect(times).toEqual([100, 200, 5000]);
    expect(takeReactionSlot(times, 5050)).toBe(false);
  });
});

describe('reaction words', () => {
  it('draws an emoji or the word of the screen’s language, and says it with the name', () => {
    for (const [locale, well, oops, clap] of [
      ['en', 'Well played', 'Oops', 'Ann: 👏 applause'],
      ['it', 'Ben giocato', 'Ops', 'Ann: 👏 applauso'],
      ['ko', '잘했어요', '앗', 'Ann: 👏 박수'],
    ] as const) {
      const t = i18nWithAllLocales(locale).global.t as (k: string, p?: Record<string, unknown>) => string;
      expect(reactionFace('clap', t)).toBe('👏');
      expect(reactionFace('wellPlayed', t)).toBe(well);
      expect(reactionFace('oops', t)).toBe(oops);
      expect(reactionSpoken('Ann', 'clap', t)).toBe(clap);
      expect(reactionSpoken('Ann', 'wellPlayed', t)).toBe(`Ann: ${well}`);
      // Every reaction has its words in every language (no key shown raw).
      for (const r of REACTIONS) expect(reactionSpoken('A', r, t)).not.toMatch(/react\./);
    }
    expect(isReaction('clap')).toBe(true);
    expect(isReaction('heart')).toBe(false);
    expect(isReaction(undefined)).toBe(false);
  });
});

describe('the reactions store', () => {
  let local: MemoryStorage;
  let hear: (m: ServerMessage) => void;
  let sent: unknown[];

  function stores() {
    const connection = useConnectionStore();
    sent = [];
    vi.spyOn(connection, 'onMessage').mockImplementation((h) => {
      hear = h;
      return () => true;
    });
    vi.spyOn(connection, 'send').mockImplementation((m) => (sent.push(m), true));
    const table = useTableStore();
    table.session = { url: 'ws://h/ws', tableId: 'T1', token: 'tok', seat: 1 };
    const reactions = useReactionsStore();
    reactions.init();
    return { table, reactions };
  }
  const reaction = (seat: number, r: string, tableId = 'T1') =>
    hear({ type: 'reaction', tableId, seat, reaction: r } as ServerMessage);

  beforeEach(() => {
    vi.useFakeTimers();
    local = new MemoryStorage();
    useTestServices(local);
    setActivePinia(createPinia());
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('puts a reaction on its seat for 2.5 s; another table’s, or an unknown id, is ignored', () => {
    const { reactions } = stores();
    reaction(0, 'clap');
    expect(reactions.onSeat[0]?.reaction).toBe('clap');
    expect(reactions.latest).toMatchObject({ seat: 0, reaction: 'clap' });
    vi.advanceTimersByTime(2000);
    reaction(0, 'clap'); // again: a new bubble, its own 2.5 s
    vi.advanceTimersByTime(1000);
    expect(reactions.onSeat[0]?.reaction).toBe('clap');
    vi.advanceTimersByTime(1600);
    expect(reactions.onSeat[0]).toBeUndefined();
    reaction(2, 'wow', 'OTHER');
    reaction(2, 'heart');
    expect(reactions.onSeat).toEqual({});
  });

  it('muted: the others’ are not shown nor said, our own still is, and the choice is kept', () => {
    const { reactions } = stores();
    reaction(0, 'party');
    reactions.setShow(false);
    expect(reactions.onSeat).toEqual({});
    expect(reactions.latest).toBeNull();
    expect(local.getItem('red7.reactions')).toBe('off');
    reaction(2, 'wow');
    expect(reactions.onSeat).toEqual({});
    reaction(1, 'oops');
    expect(reactions.onSeat[1]?.reaction).toBe('oops');
    expect(reactions.latest).toMatchObject({ seat: 1, reaction: 'oops' });
    // A new page on this device starts muted.
    setActivePinia(createPinia());
    expect(stores().reactions.show).toBe(false);
  });

  it('sends within the rate only, and never as a spectator', () => {
    const { reactions, table } = stores();
    expect(['clap', 'wow', 'oops', 'party'].map((r) => reactions.send(r as never, 1000))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(sent).toEqual([
      { type: 'react', reaction: 'clap' },
      { type: 'react', reaction: 'wow' },
      { type: 'react', reaction: 'oops' },
    ]);
    expect(reactions.send('party', 6000)).toBe(true);
    table.session = { url: 'ws://h/ws', tableId: 'T1', spectator: true };
    expect(reactions.send('clap', 20_000)).toBe(false);
    expect(sent.length).toBe(4);
  });

  it('SeatReaction draws the seat’s reaction, an emoji or a word, hidden from screen readers', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    stores();
    const w = mountApp(SeatReaction, { props: { seat: 0 } }, pinia, 'it');
    expect(w.find('[data-testid="seat-reaction"]').exists()).toBe(false);
    reaction(0, 'wellPlayed');
    await flushPromises();
    const b = w.get('[data-testid="seat-reaction"]');
    expect(b.text()).toBe('Ben giocato');
    expect(b.classes()).toContain('word');
    expect(b.attributes('aria-hidden')).toBe('true');
    reaction(1, 'clap');
    await flushPromises();
    expect(w.get('[data-testid="seat-reaction"]').text()).toBe('Ben giocato');
    w.unmount();
  });
});
