// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import { PROTOCOL_VERSION, type EveningInfo } from '../../shared/protocol';
import type { GameClient } from '../../renderer/src/net/client';
import { webBridge } from '../../renderer/src/bridge/web';
import { setServices } from '../../renderer/src/services';
import EveningPanel from '../../renderer/src/components/evening/EveningPanel.vue';
import EveningFacts from '../../renderer/src/components/evening/EveningFacts.vue';
import EveningInvite from '../../renderer/src/components/evening/EveningInvite.vue';
import EveningStandings from '../../renderer/src/components/evening/EveningStandings.vue';
import { FakeLink } from './fake-link';
import { MemoryStorage } from './memory-storage';
import { mountApp } from './mount';
import { eventually } from './wait';

/*
 * The lobby's evening panel over a scripted host: what each person is offered at each step (Join, Leave
 * between heats, the opener's Seat heat N, their table with its button, their table done while others
 * play), and a refusal said in words.
 */

const URL = 'ws://127.0.0.1:47470/ws';
let links: FakeLink[];

/** The scripted host's own page answers who it is: a host with one LAN address, for the evening's invitation. */
const hostInfo = async (url: unknown): Promise<Response> => {
  if (String(url) !== 'http://127.0.0.1:47470/api/info') throw new TypeError('fetch failed');
  const info = { name: 'Ann’s laptop', version: '1.0.0', protocol: PROTOCOL_VERSION, port: 47470 };
  return new Response(JSON.stringify({ ...info, addresses: ['192.168.1.20'] }));
};

beforeEach(() => {
  links = [];
  vi.stubGlobal('fetch', hostInfo);
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
    local: new MemoryStorage(),
    originWsUrl: URL,
  });
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const people = [
  { id: 'p1', name: 'Ann', present: true },
  { id: 'p2', name: 'Bo', present: true },
  { id: 'p3', name: 'Chloé', present: true },
];
const base: EveningInfo = {
  settings: { name: 'Friday night', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 3 },
  opener: 'p1',
  people,
  heats: [],
  standings: [],
  heatInPlay: null,
  over: false,
  you: null,
};
const seated = (results: boolean): EveningInfo => ({
  ...base,
  heats: [
    {
      number: 1,
      tables: [
        { name: 'A', people: ['p3', 'p2', 'p1'], results: results ? [] : null },
        { name: 'B', people: ['p4', 'p5', 'p6'], results: null },
      ],
    },
  ],
  heatInPlay: 1,
  you: { person: 'p2', table: { heat: 1, table: 'A', tableId: 't1', seat: 1, token: 'k' } },
});

async function panel(evening: EveningInfo | null) {
  const w = mountApp(EveningPanel, { props: { ensureName: async () => true } });
  await nextTick();
  links[0].welcomed();
  links[0].hear({ type: 'evening', evening });
  await nextTick();
  // An evening shows its facts, and one under way its invitation, each loaded when first shown: the panel
  // is whole once they came (a load still under way when the file ends would outlive the file's modules).
  if (evening) await eventually(() => expect(w.findComponent(EveningFacts).exists()).toBe(true));
  if (evening && !evening.over) {
    await eventually(() => expect(w.findComponent(EveningInvite).exists()).toBe(true));
    // Its link is the host's LAN address, asked of the host itself.
    await eventually(() =>
      expect(w.find('[data-testid="evening-invite-url"]').text()).toMatch(
        /^http:\/\/192\.168\.1\.20:47470\/?/,
      ),
    );
  }
  return w;
}
const has = (w: Awaited<ReturnType<typeof panel>>, id: string) => w.find(`[data-testid="${id}"]`).exists();

describe('the evening panel', () => {
  it('with no evening: only "Open an evening"', async () => {
    const w = await panel(null);
    expect(has(w, 'evening-open')).toBe(true);
    expect(has(w, 'evening-join')).toBe(false);
  });

  it('after an evening, offers the next name ("Red7 evening 2"): the host refuses the one just held', async () => {
    const held = (name: string): EveningInfo => ({
      ...base,
      settings: { ...base.settings, name },
      over: true,
    });
    const over = held('Red7 evening');
    const form = async (evening: EveningInfo | null) => {
      links.length = 0; // the panel helper speaks for the first link: each form is a lobby of its own
      const w = await panel(evening);
      await w.get('[data-testid="evening-open"]').trigger('click');
      await eventually(() => expect(has(w, 'evening-name')).toBe(true));
      return w;
    };
    const named = async (evening: EveningInfo | null) => {
      const w = await form(evening);
      const value = (w.get('[data-testid="evening-name"]').element as HTMLInputElement).value;
      w.unmount();
      return value;
    };
    expect(await named(null)).toBe('Red7 evening');
    expect(await named(over)).toBe('Red7 evening 2');
    expect(await named(held('red7 EVENING 9'))).toBe('Red7 evening 10');
    expect(await named(held('Friday night'))).toBe('Red7 evening');
    // A name cleared sends the offered one, and the host's refusal is said in words.
    const w = await form(over);
    await w.get('[data-testid="evening-name"]').setValue('  ');
    await w.get('[data-testid="evening-form"]').trigger('submit');
    await eventually(() => expect(links[0].sent.at(-1)).toMatchObject({ type: 'openEvening' }));
    expect(links[0].sent.at(-1)).toMatchObject({ settings: { name: 'Red7 evening 2' } });
    links[0].hear({ type: 'error', code: 'eveningName', reason: 'r', to: 'openEvening' });
    await nextTick();
    expect(w.get('[role="alert"]').text()).toBe(
      'This host has just held an evening with that name: give this one another name.',
    );
  });

  it('its form by keys: each choice one group of radios (arrows move in it), Cancel or Esc gives the focus back', async () => {
    const w = await panel(null);
    await w.get('[data-testid="evening-open"]').trigger('click');
    await eventually(() => expect(has(w, 'evening-form')).toBe(true));
    // Unnamed radios were each a group of one: Tab stopped at every one and the arrows did nothing.
    const groups = w
      .findAll('fieldset')
      .map((f) => f.findAll('input[type="radio"]').map((r) => (r.element as HTMLInputElement).name));
    expect(groups).toEqual([
      ['evening-mode', 'evening-mode'],
      ['evening-prefer', 'evening-prefer'],
    ]);
    // Cancel: the form goes, and the focus goes to the button that opened it, not to the page.
    await w.findAll('[data-testid="evening-form"] button').at(-1)!.trigger('click');
    await eventually(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('evening-open'));
    // Esc in the form does the same.
    await w.get('[data-testid="evening-open"]').trigger('click');
    await eventually(() => expect(has(w, 'evening-form')).toBe(true));
    await w.get('[data-testid="evening-form"] input').trigger('keydown', { key: 'Escape' });
    await eventually(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('evening-open'));
    expect(has(w, 'evening-form')).toBe(false);
  });

  it('to someone not in it: what it is, and Join', async () => {
    const w = await panel(base);
    expect(w.get('h2').text()).toBe('Friday night');
    expect(w.get('[data-testid="evening-heat"]').text()).toBe('3 heats, the first not seated yet');
    expect(has(w, 'evening-join')).toBe(true);
    expect(has(w, 'evening-next-heat')).toBe(false);
    expect(has(w, 'evening-open')).toBe(false);
  });

  it('to the opener between heats: Seat heat N and Leave; a refusal in words', async () => {
    const w = await panel({ ...base, you: { person: 'p1', table: null } });
    expect(w.get('[data-testid="evening-next-heat"]').text()).toBe('Seat heat 1');
    expect(has(w, 'evening-leave')).toBe(true);
    await w.get('[data-testid="evening-next-heat"]').trigger('click');
    expect(links[0].sent.at(-1)).toEqual({ type: 'nextHeat' });
    links[0].hear({ type: 'error', code: 'heatInPlay', reason: 'r', to: 'nextHeat' });
    await nextTick();
    expect(w.get('[role="alert"]').text()).toBe(
      'A table of this heat is still playing: wait for every game to end.',
    );
  });

  it('to a person seated in the heat: their table and with whom, then "done" once it ended', async () => {
    const w = await panel(seated(false));
    // The table's line is loaded when first shown, like the facts: on a busy machine it comes a little later.
    await eventually(() => expect(has(w, 'evening-your-table')).toBe(true));
    expect(w.get('[data-testid="evening-your-table"] p').text()).toBe(
      'Heat 1: you are at table A with Chloé and Ann',
    );
    expect(w.get('[data-testid="evening-go"]').text()).toBe('Go to table A');
    expect(has(w, 'evening-leave')).toBe(false); // not while a heat is in play
    links[0].hear({ type: 'evening', evening: seated(true) });
    await nextTick();
    expect(has(w, 'evening-go')).toBe(false);
    // Who they wait for: the heat's tables still playing, by name.
    expect(w.get('[data-testid="evening-table-done"]').text()).toBe(
      'Heat 1: your table has finished; waiting for table B.',
    );
    // Two tables still playing: both named.
    const three = seated(true);
    three.heats[0].tables.push({ name: 'C', people: ['p7', 'p8'], results: null });
    links[0].hear({ type: 'evening', evening: three });
    await nextTick();
    expect(w.get('[data-testid="evening-table-done"]').text()).toBe(
      'Heat 1: your table has finished; waiting for tables B and C.',
    );
    // A table's results bring the standings, loaded then (and waited for: a load still under way when the
    // file ends would outlive the file's modules).
    await eventually(() => expect(w.findComponent(EveningStandings).exists()).toBe(true));
  });

  it('to a person back in it while a heat plays: from the next heat, or the final standings in the last', async () => {
    const notAtATable = (heat: number): EveningInfo => ({
      ...seated(false),
      heats: Array.from({ length: heat }, (_, i) => ({ ...seated(false).heats[0], number: i + 1 })),
      heatInPlay: heat,
      you: { person: 'p2', table: null },
    });
    const w = await panel(notAtATable(2));
    expect(w.get('[data-testid="evening-in-play"]').text()).toContain(
      'You join the tables from the next heat.',
    );
    links[0].hear({ type: 'evening', evening: notAtATable(3) });
    await nextTick();
    const line = w.get('[data-testid="evening-in-play"]').text();
    expect(line).toContain('It is the last heat: the final standings come when it ends.');
    expect(line).not.toContain('next heat');
  });
  it('keeps the keyboard on the evening: Seat heat N gives way to "Go to table", Join to the heading, and back from a game', async () => {
    const focused = () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id;
    // The opener seats the heat: the button goes, and the focus goes on to their own table's button.
    const w = await panel({ ...base, you: { person: 'p1', table: null } });
    (w.get('[data-testid="evening-next-heat"]').element as HTMLButtonElement).focus();
    await w.get('[data-testid="evening-next-heat"]').trigger('click');
    const opener = seated(false);
    opener.you = { person: 'p1', table: { heat: 1, table: 'A', tableId: 't1', seat: 2, token: 'k' } };
    links[0].hear({ type: 'evening', evening: opener });
    await eventually(() => expect(focused()).toBe('evening-go'));
    w.unmount();
    // Someone joins: Join gives way to Leave, and the focus goes to the evening's heading, not to the page.
    links.length = 0;
    const j = await panel(base);
    (j.get('[data-testid="evening-join"]').element as HTMLButtonElement).focus();
    await j.get('[data-testid="evening-join"]').trigger('click');
    links[0].hear({ type: 'eveningJoined', person: 'p2', token: 'k2' });
    links[0].hear({ type: 'evening', evening: { ...base, you: { person: 'p2', table: null } } });
    await eventually(() => expect(focused()).toBe('evening-title'));
    j.unmount();
    // Back from a game: the app put the focus in the page's main region; the evening, once heard, takes it.
    links.length = 0;
    const main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    document.body.append(main);
    main.focus();
    await panel(seated(true));
    await eventually(() => expect(focused()).toBe('evening-title'));
  });

  it('says so when this person leaves between heats, with the way back', async () => {
    const w = await panel(base);
    await w.get('[data-testid="evening-join"]').trigger('click');
    links[0].hear({ type: 'eveningJoined', person: 'p2', token: 'k2' });
    const bo = { person: 'p2', table: null };
    links[0].hear({ type: 'evening', evening: { ...base, you: bo } });
    await eventually(() => expect(has(w, 'evening-leave')).toBe(true));
    const news = () => w.get('[data-testid="evening-news"]').text();
    await w.get('[data-testid="evening-leave"]').trigger('click');
    expect(links[0].sent.at(-1)).toEqual({ type: 'leaveEvening' });
    const gone = people.map((p) => (p.id === 'p2' ? { ...p, present: false } : p));
    links[0].hear({ type: 'evening', evening: { ...base, people: gone, you: bo } });
    // Before, nothing was said: the button that had the focus became "Back into the evening", silently.
    await eventually(() =>
      expect(news()).toBe('You left the evening. “Back into the evening” brings you back for the next heat.'),
    );
    expect(w.get('[data-testid="evening-join"]').text()).toBe('Back into the evening');
  });

  it('says each change once, in one live region there before the evening: table, done, place, winner', async () => {
    const w = mountApp(EveningPanel, { props: { ensureName: async () => true } });
    await nextTick();
    const news = () => w.get('[data-testid="evening-news"]');
    // One region, there (empty) before anything is said: the lines on screen are not live regions too.
    expect(news().text()).toBe('');
    links[0].welcomed();
    links[0].hear({ type: 'evening', evening: seated(false) });
    await eventually(() => expect(has(w, 'evening-your-table')).toBe(true));
    expect(news().text()).toBe('Heat 1: you are at table A with Chloé and Ann');
    expect(w.findAll('[role="status"], [aria-live]').map((el) => el.attributes('data-testid'))).toEqual([
      'evening-news',
    ]);
    links[0].hear({ type: 'evening', evening: seated(true) });
    await nextTick();
    expect(news().text()).toBe('Heat 1: your table has finished; waiting for table B.');
    // The heat scored: this person's place, and whom they wait for.
    const scored: EveningInfo = {
      ...seated(true),
      heats: [
        {
          ...seated(true).heats[0],
          tables: seated(true).heats[0].tables.map((tb) => ({ ...tb, results: [] })),
        },
      ],
      heatInPlay: null,
      standings: ['p3', 'p2', 'p1'].map((person) => ({
        person,
        duplicate: 0.5,
        games: 1,
        wins: 0,
        points: 0,
        best: null,
      })),
    };
    links[0].hear({ type: 'evening', evening: scored });
    await nextTick();
    expect(news().text()).toBe(
      'Standings after heat 1: your place is 1 of 3. Waiting for Ann to seat heat 2.',
    );
    links[0].hear({ type: 'evening', evening: { ...scored, over: true } });
    await nextTick();
    expect(news().text()).toBe('Chloé, Bo, and Ann share the win. Your final place: 1 of 3.');
    await eventually(() => expect(w.findComponent(EveningStandings).exists()).toBe(true));
    expect(w.findAll('[role="status"], [aria-live]')).toHaveLength(1);
  });
});
