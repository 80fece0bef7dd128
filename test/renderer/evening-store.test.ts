import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EveningInfo } from '../../shared/protocol';
import type { GameClient } from '../../renderer/src/net/client';
import { webBridge } from '../../renderer/src/bridge/web';
import { setServices } from '../../renderer/src/services';
import {
  EVENING_ERRORS,
  eveningErrorKey,
  savedEvening,
  useEveningStore,
} from '../../renderer/src/stores/evening';
import { useSavedSeatsStore } from '../../renderer/src/stores/savedSeats';
import { useTableStore } from '../../renderer/src/stores/table';
import { i18nWithAllLocales } from './mount';
import { MemoryStorage } from './memory-storage';
import { FakeLink } from './fake-link';

/*
 * The evening store's own logic over a scripted link: the token `eveningJoined` gives is kept per host and
 * sent back (`resumeEvening`) on every new link, a stale one forgotten; the seat of the heat is taken as a
 * saved seat; every refusal of an evening request has words in every language.
 */

const URL = 'ws://127.0.0.1:47470/ws';

let links: FakeLink[];
let local: MemoryStorage;

beforeEach(() => {
  links = [];
  local = new MemoryStorage();
  setServices({
    bridge: webBridge({
      location: { hostname: '127.0.0.1', port: '47470', protocol: 'http:', origin: 'http://127.0.0.1:47470' },
      fetch: async () => new Response('[]'),
      storage: new MemoryStorage(),
    }),
    createClient: () => {
      const link = new FakeLink();
      links.push(link);
      return link as unknown as GameClient;
    },
    session: new MemoryStorage(),
    local,
    originWsUrl: URL,
  });
  setActivePinia(createPinia());
});

const evening = (extra: Partial<EveningInfo> = {}): EveningInfo => ({
  settings: { name: 'Friday', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 2 },
  opener: 'p1',
  people: [
    { id: 'p1', name: 'Ann', present: true },
    { id: 'p2', name: 'Bo', present: true },
  ],
  heats: [],
  standings: [],
  heatInPlay: null,
  over: false,
  you: { person: 'p2', table: null },
  ...extra,
});

describe('the evening store', () => {
  it('follows the page host, keeps the token it is given and comes back with it on every new link', () => {
    const store = useEveningStore();
    expect(store.hostHere()).toBe(URL);
    store.start(URL);
    const first = links[0];
    first.welcomed();
    expect(first.sent).toEqual([{ type: 'listTables' }]);

    store.join('Bo');
    expect(first.sent.at(-1)).toEqual({ type: 'joinEvening', name: 'Bo' });
    expect(store.pending).toBe('joinEvening');
    first.hear({ type: 'eveningJoined', person: 'p2', token: 'tok-2' });
    first.hear({ type: 'evening', evening: evening() });
    expect(savedEvening(local, URL)).toEqual({ person: 'p2', token: 'tok-2' });
    expect(store.isIn).toBe(true);
    expect(store.isOpener).toBe(false);
    expect(store.pending).toBeNull();

    // The host drops and welcomes the link again: the same person asks back in before the list.
    first.welcomed();
    expect(first.sent.slice(-2)).toEqual([{ type: 'resumeEvening', token: 'tok-2' }, { type: 'listTables' }]);

    // A reload: a new store, a new link, the token from storage.
    store.stop();
    expect(first.closed).toBe(true);
    setActivePinia(createPinia());
    const again = useEveningStore();
    again.start(URL);
    links[1].welcomed();
    expect(links[1].sent[0]).toEqual({ type: 'resumeEvening', token: 'tok-2' });
    // Having left, "Join" comes back as the same person rather than as a new one.
    links[1].hear({
      type: 'evening',
      evening: evening({ people: [{ id: 'p2', name: 'Bo', present: false }] }),
    });
    expect(again.isIn).toBe(false);
    again.join('Bo');
    expect(links[1].sent.at(-1)).toEqual({ type: 'resumeEvening', token: 'tok-2' });
  });

  it('forgets a token the host no longer knows, quietly; says every other refusal', () => {
    local.setItem('red7.evenings', JSON.stringify({ [URL]: { person: 'p9', token: 'old' } }));
    const store = useEveningStore();
    store.start(URL);
    links[0].welcomed();
    links[0].hear({ type: 'error', code: 'badToken', reason: 'no', to: 'resumeEvening' });
    expect(savedEvening(local, URL)).toBeNull();
    expect(store.saved).toBeNull();
    expect(store.error).toBeNull();

    store.nextHeat();
    links[0].hear({ type: 'error', code: 'heatInPlay', reason: 'wait', to: 'nextHeat' });
    expect(store.error).toEqual({ code: 'heatInPlay', reason: 'wait' });
    expect(store.pending).toBeNull();
    // A refusal of a table's request is the table's to say.
    links[0].hear({ type: 'error', code: 'notSeated', reason: 'x', to: 'turn' });
    expect(store.error?.code).toBe('heatInPlay');
  });

  it('takes the seat of the heat with its token, as a saved seat', () => {
    const store = useEveningStore();
    store.start(URL);
    links[0].welcomed();
    const mine = { heat: 1, table: 'B', tableId: 'tblB1234', seat: 2, token: 'seat-tok' };
    links[0].hear({
      type: 'evening',
      evening: evening({ heatInPlay: 1, you: { person: 'p2', table: mine } }),
    });
    store.goToTable();
    expect(useSavedSeatsStore().find(URL, 'tblB1234')).toMatchObject({ token: 'seat-tok', seat: 2 });
    expect(useTableStore().session).toEqual({ url: URL, tableId: 'tblB1234', token: 'seat-tok', seat: 2 });
  });

  it('has words for every evening refusal in English, Italian and Korean', () => {
    for (const locale of ['en', 'it', 'ko'] as const) {
      const { global } = i18nWithAllLocales(locale);
      for (const code of [...EVENING_ERRORS, 'somethingNew']) {
        const key = eveningErrorKey(code);
        expect(global.te(key, locale), `${locale} ${key}`).toBe(true);
      }
    }
    expect(eveningErrorKey('somethingNew')).toBe('evening.errors.other');
    expect(eveningErrorKey('heatInPlay')).toBe('evening.errors.heatInPlay');
  });
});
