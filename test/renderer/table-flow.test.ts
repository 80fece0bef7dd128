// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMove, setupState, viewFor } from '../../shared/engine';
import { PROTOCOL_VERSION, type SeatInfo, type TableInfo, type TableOptions } from '../../shared/protocol';
import { webBridge } from '../../renderer/src/bridge/web';
import JoinAddress from '../../renderer/src/components/waiting/JoinAddress.vue';
import MatchLine from '../../renderer/src/components/common/MatchLine.vue';
import NewTableForm from '../../renderer/src/components/lobby/NewTableForm.vue';
import QrCode from '../../renderer/src/components/waiting/QrCode.vue';
import RoundSummary from '../../renderer/src/components/round/RoundSummary.vue';
import TableRow from '../../renderer/src/components/lobby/TableRow.vue';
import TurnPanel from '../../renderer/src/components/table/TurnPanel.vue';
import WatchingLine from '../../renderer/src/components/table/WatchingLine.vue';
import { rematchVoters } from '../../renderer/src/table-models/rematch';
import { roundVoters } from '../../renderer/src/table-models/roundVote';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import { useSettingsStore } from '../../renderer/src/stores/settings';
import LobbyView from '../../renderer/src/views/LobbyView.vue';
import WaitingRoom from '../../renderer/src/views/WaitingRoom.vue';
import { MemoryStorage } from './memory-storage';
import { mountApp, seatView, turnPanelProps } from './mount';

/*
 * The way in and the end of a game, as components: the remembered new-table form and its one-line
 * explanations, the join address and its QR code, join by address that never leaves the page, the
 * rematch vote, the match score, who is watching and who is away.
 */

let local: MemoryStorage;
const fetchStub = vi.fn<typeof fetch>();

beforeEach(() => {
  local = new MemoryStorage();
  fetchStub.mockReset();
  fetchStub.mockRejectedValue(new TypeError('fetch failed'));
  vi.stubGlobal('fetch', fetchStub);
  setServices({
    bridge: webBridge({
      location: { hostname: '10.0.0.7', port: '47470', protocol: 'http:', origin: 'http://10.0.0.7:47470' },
      fetch: ((...args: Parameters<typeof fetch>) => fetchStub(...args)) as typeof fetch,
      storage: local,
      pollMs: 60_000,
    }),
    createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
    session: new MemoryStorage(),
    local,
    originWsUrl: 'ws://10.0.0.7:47470/ws',
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const hostInfo = (extra: object = {}) => ({
  name: 'Kitchen',
  version: '0.1.0',
  protocol: PROTOCOL_VERSION,
  ...extra,
});

function seat(n: number, name: string | null, extra: Partial<SeatInfo> = {}): SeatInfo {
  return { seat: n, name, connected: true, bot: false, standIn: false, creator: n === 0, votedOut: false, person: true, away: false, awayMs: null, awaySince: null, votes: [], botLevel: extra.bot ? 'normal' : null, botThink: null, ...extra }; // prettier-ignore
}
function info(seatList: SeatInfo[], extra: Partial<TableInfo> = {}): TableInfo {
  return {
    id: 'tbl12345', name: 'Friday', players: seatList.length, seats: seatList.length, state: 'open', mode: 'basic',
    actionRule: false, rulesVersion: '1.2', spectators: 0, match: [],
    options: { players: 3, mode: 'basic', actionRule: false, rulesVersion: '1.2', targetScore: 35, autoDraw: false, botLevel: 'easy', botPace: 'fast', botThink: 'normal', hints: false, turnClock: 0, clockExpiry: 'vote' },
    seatList, awayGraceMs: 60_000, turnClock: null, game: 0, rematch: [], nextRoundReady: [], watching: [], hostNow: Date.now(), ...extra,
  }; // prettier-ignore
}

describe('the new-table form', () => {
  it('explains each choice in one line, and offers the last table’s options again on this device', async () => {
    const first = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });
    await first.get('[data-testid="preset-custom"]').setValue(true);
    const note = (id: string) => first.get(`[data-testid="${id}"]`).text();
    expect(note('version-note')).toContain('1.2, today’s rules'.replace('’', "'"));
    await first.get('[data-testid="rules-version"]').setValue('1.1');
    expect(note('version-note')).toContain("a 7's card only goes to the canvas");
    expect(first.text()).toContain('Odd cards played to your palette have actions');
    expect(first.text()).toContain('Rounds until a target score');
    await first.get('[data-testid="players-4"]').setValue();
    await first.get('[data-testid="bot-2"]').setValue(true);
    await first.get('[data-testid="bot-level"]').setValue('hard');
    expect(note('bot-level-note')).toContain('Hard: searches far deeper and plays for the game');
    await first.get('[data-testid="bot-level"]').setValue('easy');
    expect(note('bot-level-note')).toContain('Easy: guesses quickly');
    await first.get('[data-testid="bot-pace"]').setValue('fast');
    expect(note('bot-pace-note')).toContain('Fast: bots move almost at once');
    await first.get('[data-testid="target"]').setValue(25);
    await first.get('[data-testid="target"]').trigger('input');
    await first.get('[data-testid="new-table"]').trigger('submit');
    const [, sent, bots] = first.emitted('create')![0] as [string, TableOptions, number[]];
    expect(sent).toMatchObject({
      players: 4,
      rulesVersion: '1.1',
      botLevel: 'easy',
      botPace: 'fast',
      targetScore: 25,
    });
    expect(bots).toEqual([1, 2]);
    first.unmount();

    // Another visit on this device: the store loads what was kept, the form starts from it.
    const again = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });
    await useSettingsStore().load();
    await flushPromises();
    const value = (id: string) => (again.get(`[data-testid="${id}"]`).element as HTMLInputElement).value;
    const checked = (id: string) => (again.get(`[data-testid="${id}"]`).element as HTMLInputElement).checked;
    expect(checked('players-4')).toBe(true);
    expect([checked('bot-1'), checked('bot-2'), checked('bot-3')]).toEqual([true, true, false]);
    expect([value('rules-version'), value('bot-level'), value('bot-pace'), value('target')]).toEqual([
      '1.1',
      'easy',
      'fast',
      '25',
    ]);
  });

  it('starts from the defaults when what the device kept is damaged or from elsewhere', async () => {
    local.setItem('red7.newTable', JSON.stringify({ options: { players: 9, mode: 'x' }, bots: ['a'] }));
    const w = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });
    await useSettingsStore().load();
    await flushPromises();
    expect((w.get('[data-testid="players-3"]').element as HTMLInputElement).checked).toBe(true);
    // What it kept reads as nothing kept: a device that never hosted, on First game.
    expect((w.get('[data-testid="preset-first"]').element as HTMLInputElement).checked).toBe(true);
    await w.get('[data-testid="preset-custom"]').setValue(true);
    expect((w.get('[data-testid="bot-pace"]').element as HTMLSelectElement).value).toBe('relaxed');
  });
});

/** Rasterises the component's SVG path (module squares) and decodes it as a phone would. */
function decodeQr(svg: Element): string | null {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const w = size * scale;
  const pixels = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const m of svg
    .querySelector('path')!
    .getAttribute('d')!
    .matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((y * scale + dy) * w + x * scale + dx) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
  }
  return jsQR(pixels, w, w)?.data ?? null;
}

describe('the join address', () => {
  it('draws a QR code that decodes to its text, with a quiet zone', () => {
    const url = 'http://192.168.1.20:47470/';
    const w = mountApp(QrCode, { props: { text: url, label: 'code' } });
    const svg = w.get('svg').element;
    expect(decodeQr(svg)).toBe(url);
    expect(w.get('path').attributes('d')).not.toMatch(/M[0-3] /); // the first 4 columns stay white
  });

  it('shows the table’s address on the host’s LAN addresses, never loopback, and a QR of the chosen one', async () => {
    fetchStub.mockResolvedValue(
      json(hostInfo({ port: 47471, addresses: ['10.0.0.7', '127.0.0.1', '192.168.5.2'] })),
    );
    const w = mountApp(JoinAddress, { props: { hostUrl: 'ws://127.0.0.1:47471/ws', tableId: 'Tab1e_x' } });
    await flushPromises();
    expect(fetchStub.mock.calls[0][0]).toBe('http://127.0.0.1:47471/api/info');
    expect(w.findAll('[data-testid="join-url"]').map((b) => b.text())).toEqual([
      'http://10.0.0.7:47471/#/table/Tab1e_x',
      'http://192.168.5.2:47471/#/table/Tab1e_x',
    ]);
    expect(decodeQr(w.get('[data-testid="join-qr"]').element)).toBe('http://10.0.0.7:47471/#/table/Tab1e_x');
    await w.findAll('[data-testid="join-url"]')[1].trigger('click');
    expect(decodeQr(w.get('[data-testid="join-qr"]').element)).toBe(
      'http://192.168.5.2:47471/#/table/Tab1e_x',
    );
  });

  it('copies the table’s link: by the clipboard API on a secure page, else from the selected field', async () => {
    fetchStub.mockResolvedValue(json(hostInfo({ port: 47470, addresses: ['10.0.0.7'] })));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    try {
      const w = mountApp(JoinAddress, { props: { hostUrl: 'ws://127.0.0.1:47470/ws', tableId: 'Tab1e_x' } });
      await flushPromises();
      await w.get('[data-testid="copy-link"]').trigger('click');
      await flushPromises();
      expect(writeText).toHaveBeenCalledExactlyOnceWith('http://10.0.0.7:47470/#/table/Tab1e_x');
      expect(w.get('.copied').text()).toBe('Copied.');

      // A plain http page on the LAN has no clipboard API: the hidden field is selected and copied.
      Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
      const exec = vi.fn(() => true);
      Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
      await w.get('[data-testid="copy-link"]').trigger('click');
      await flushPromises();
      expect(exec).toHaveBeenCalledWith('copy');
      expect(writeText).toHaveBeenCalledTimes(1);
      const field = w.get('.link-field').element as HTMLInputElement;
      expect(field.value).toBe('http://10.0.0.7:47470/#/table/Tab1e_x');
    } finally {
      if (secure) Object.defineProperty(window, 'isSecureContext', secure);
      else delete (window as { isSecureContext?: boolean }).isSecureContext;
    }
  });

  it('tells the creator when the host is on no network, and draws no code', async () => {
    fetchStub.mockImplementation(async () => json(hostInfo({ port: 47470, addresses: [] })));
    const w = mountApp(JoinAddress, {
      props: { hostUrl: 'ws://127.0.0.1:47470/ws', tableId: 'Tab1e_x', showProblem: true },
    });
    await flushPromises();
    expect(w.get('[data-testid="no-lan"]').text()).toContain('on no network');
    expect(w.find('[data-testid="join-qr"]').exists()).toBe(false);
  });

  it('names the true cause for a host bound to loopback, to the creator alone', async () => {
    fetchStub.mockImplementation(async () =>
      json({ ...hostInfo({ port: 47470, addresses: [] }), loopbackOnly: '127.0.0.1' }),
    );
    const creator = mountApp(JoinAddress, {
      props: { hostUrl: 'ws://127.0.0.1:47470/ws', tableId: 'Tab1e_x', showProblem: true },
    });
    await flushPromises();
    const said = creator.get('[data-testid="no-lan"]').text();
    expect(said).toBe(
      'The host listens only on 127.0.0.1: only this computer can join. Start the host without --bind 127.0.0.1 to let other devices in.',
    );
    // A guest can do nothing about the host's reach: nothing of it is shown to them.
    const guest = mountApp(JoinAddress, {
      props: { hostUrl: 'ws://127.0.0.1:47470/ws', tableId: 'Tab1e_x' },
    });
    await flushPromises();
    expect(guest.find('[data-testid="join-address"]').exists()).toBe(false);
  });
});

describe('join by address', () => {
  async function lookUp(address: string) {
    const w = mountApp(LobbyView);
    await w.get('[data-testid="address"]').setValue(address);
    await w.get('form.byaddress').trigger('submit');
    await flushPromises();
    return w;
  }

  it('says nothing answers, something else answers, or another version answers; the page stays', async () => {
    const before = window.location.href;
    const cases: [() => void, string][] = [
      [() => fetchStub.mockRejectedValue(new TypeError('fetch failed')), 'Nothing answers at that address'],
      [() => fetchStub.mockImplementation(async () => new Response('<html>router</html>', { status: 200 })), 'not a Red7 LAN host'],
      [() => fetchStub.mockImplementation(async () => json(hostInfo({ protocol: 1 }))), `(protocol 1, this app ${PROTOCOL_VERSION})`],
    ]; // prettier-ignore
    for (const [answer, text] of cases) {
      answer();
      const w = await lookUp('10.0.0.99:47470');
      expect(fetchStub).toHaveBeenCalledWith('http://10.0.0.99:47470/api/info', expect.anything());
      expect(w.get('[data-testid="address-error"]').text()).toContain(text);
      w.unmount();
    }
    expect(window.location.href).toBe(before);
  });

  it('in a browser, offers another host’s own page as a link instead of leaving', async () => {
    const before = window.location.href;
    fetchStub.mockImplementation(async () => json(hostInfo()));
    const w = await lookUp('http://10.0.0.99:47470/');
    const link = w.get('[data-testid="address-elsewhere"] a');
    expect(link.attributes('href')).toBe('http://10.0.0.99:47470/');
    expect(w.find('[data-testid="address-error"]').exists()).toBe(false);
    expect(window.location.href).toBe(before);
  });
});

describe('the end of a game', () => {
  // Two players, basic: seat 0 gives the round up, so seat 1 wins the game.
  const over = (seatNo: number | null) =>
    viewFor(
      applyMove(
        setupState({ players: 2, mode: 'basic', actionRule: false }, { hands: [['G6'], ['B4']], palettes: [['O3'], ['Y5']], current: 0 }),
        { type: 'pass' },
      ),
      seatNo,
    ); // prettier-ignore
  const table = (rematch: number[], bobConnected = true) =>
    info([seat(0, 'Ann'), seat(1, 'Bob', { connected: bobConnected, away: !bobConnected, awayMs: bobConnected ? null : 5000 }), seat(2, 'Bot 3', { bot: true, person: false })], {
      state: 'finished', rematch, match: [{ name: 'Ann', wins: 2 }, { name: 'Bob', wins: 1 }, { name: 'Bot 3', wins: 0 }],
    }); // prettier-ignore
  const summary = (t: TableInfo, seatNo: number | null) =>
    mountApp(RoundSummary, {
      props: { view: over(seatNo), names: ['Ann', 'Bob', 'Bot 3'], voters: rematchVoters(t), match: t.match },
    }); // prettier-ignore

  it('asks each player, shows who is ready, and keeps the final screen until everyone is', async () => {
    expect(over(0).gameOver).toBe(true);
    const ann = summary(table([]), 0);
    expect(ann.get('[data-testid="match"]').text()).toBe('Match: Ann 2 · Bob 1 · Bot 3 0');
    expect(ann.findAll('[data-testid="rematch-voter"]').map((v) => v.text())).toEqual([
      'Ann (you)not yet',
      'Bobnot yet',
      'Bot 3bot · ready',
    ]);
    await ann.get('[data-testid="rematch"]').trigger('click');
    expect(ann.emitted('rematch')).toEqual([[true]]);
    ann.unmount();

    // Ann said yes: she sees that she waits for Bob, and may take it back; Bob sees Ann ready.
    const annReady = summary(table([0]), 0);
    expect(annReady.get('[data-testid="rematch-waiting"]').text()).toBe('You are ready. Waiting for Bob.');
    expect(annReady.get('[data-testid="rematch-cancel"]').text()).toBe('Take my yes back');
    await annReady.get('[data-testid="rematch-cancel"]').trigger('click');
    expect(annReady.emitted('rematch')).toEqual([[false]]);
    annReady.unmount();
    const bob = summary(table([0]), 1);
    expect(bob.findAll('[data-testid="rematch-voter"]').map((v) => v.text())).toEqual([
      'Annready',
      'Bob (you)not yet',
      'Bot 3bot · ready',
    ]);
    expect(bob.find('[data-testid="rematch"]').exists()).toBe(true);
    bob.unmount();

    // An away player is named as such; a spectator sees the vote but has no button.
    const watcher = summary(table([0], false), null);
    expect(watcher.findAll('[data-testid="rematch-voter"]').map((v) => v.text())).toEqual([
      'Annready',
      'Bobaway',
      'Bot 3bot · ready',
    ]);
    expect(watcher.find('[data-testid="rematch"]').exists()).toBe(false);
  });

  it('lists the same seats as the round’s vote, bots ready in its words, and waits for people only', () => {
    // Bob voted out, a bot standing in for him: gone from both lists, as the host no longer waits for him.
    const t = info([seat(0, 'Ann'), seat(1, 'Bob', { votedOut: true, person: false, bot: true }), seat(2, 'Bot 3', { bot: true, person: false })], {
      state: 'finished', rematch: [0], nextRoundReady: [0], match: [],
    }); // prettier-ignore
    const rematch = mountApp(RoundSummary, {
      props: { view: over(0), names: ['Ann', 'Bob', 'Bot 3'], voters: rematchVoters(t), match: t.match },
    });
    const voters = rematch.findAll('[data-testid="rematch-voter"]');
    expect(voters.map((v) => v.text())).toEqual(['Ann (you)ready', 'Bot 3bot · ready']);
    expect(voters[1].classes()).toContain('ready');
    expect(voters[1].attributes('data-state')).toBe('bot');
    expect(rematch.find('[data-testid="rematch-waiting"]').exists()).toBe(false); // nobody left to wait for
    expect(roundVoters(t, () => null).map((v) => [v.seat, v.state])).toEqual([
      [0, 'ready'],
      [2, 'bot'],
    ]);
    expect(rematchVoters(t).map((v) => [v.seat, v.ready])).toEqual([
      [0, true],
      [2, true],
    ]);
  });

  it("counts an away player's grace down, then offers to let a bot play for them (it agrees)", async () => {
    const t = table([0], false);
    const during = mountApp(RoundSummary, {
      props: { view: over(0), names: ['Ann', 'Bob', 'Bot 3'], voters: rematchVoters(t, () => 42_000), match: t.match },
    }); // prettier-ignore
    expect(during.findAll('[data-testid="rematch-voter"]')[1].text()).toBe(
      'Bobaway · a bot may play in 0:42',
    );
    expect(during.find('[data-testid="rematch-bot"]').exists()).toBe(false);
    during.unmount();
    const after = mountApp(RoundSummary, {
      props: { view: over(0), names: ['Ann', 'Bob', 'Bot 3'], voters: rematchVoters(t, () => 0), match: t.match },
    }); // prettier-ignore
    await after.get('[data-testid="rematch-bot"]').trigger('click');
    expect(after.emitted('bot')).toEqual([[1]]);
    after.unmount();
    // A watcher may not: only the seated people decide.
    const watcher = mountApp(RoundSummary, {
      props: { view: over(null), names: ['Ann', 'Bob', 'Bot 3'], voters: rematchVoters(t, () => 0), match: t.match },
    }); // prettier-ignore
    expect(watcher.find('[data-testid="rematch-bot"]').exists()).toBe(false);
  });
});

describe('following the table', () => {
  const view = seatView({ players: 2, mode: 'basic', actionRule: false }, { hands: [['G6'], ['B4']], palettes: [['O3'], ['Y5']], current: 1 }, 0); // prettier-ignore
  const panel = (seatNo: number | null, away: boolean) =>
    mountApp(TurnPanel, {
      props: { ...turnPanelProps(seatNo === null ? { ...view, seat: null, hand: [] } : view, { busy: true }), names: ['Ann', 'Bob'], away },
    }); // prettier-ignore

  it('names an away player to move, to players and spectators, with no figure (the seat counts the grace down)', () => {
    expect(panel(0, false).get('[data-testid="turn-status"]').text()).toBe('Bob is playing…');
    expect(panel(0, true).get('[data-testid="turn-status"]').text()).toBe('Waiting for Bob, who is away.');
    expect(panel(null, true).get('[data-testid="turn-status"]').text()).toBe(
      'You are watching. Waiting for Bob, who is away.',
    );
  });

  it('says who is watching, named or not', () => {
    const line = (watching: string[], spectators: number) =>
      mountApp(WatchingLine, { props: { info: info([seat(0, 'Ann')], { watching, spectators }) } });
    expect(line([], 0).find('[data-testid="watching"]').exists()).toBe(false);
    expect(line(['Carol'], 1).text()).toBe('watching: Carol');
    expect(line(['Carol', 'Dan'], 3).text()).toBe('watching: Carol, Dan and 1 more');
    expect(line([], 2).text()).toBe('2 people watching');
  });

  it('shows the match in the table list', () => {
    const variant = { mode: 'basic', actionRule: false, rulesVersion: '1.2', spectators: 0, match: [{ name: 'Ann', wins: 2 }, { name: 'Bob', wins: 1 }] } as const; // prettier-ignore
    const row = mountApp(TableRow, {
      props: { name: 'Friday', where: 'kitchen', players: 2, seats: 2, state: 'finished', variant: { ...variant, match: [...variant.match] }, mine: false, compatible: true },
    }); // prettier-ignore
    expect(row.get('[data-testid="match"]').text()).toBe('Match: Ann 2 · Bob 1');
  });

  it('offers your seat back at a table, but not at an evening’s table that has ended', () => {
    const variant = { mode: 'basic', actionRule: false, rulesVersion: '1.2', spectators: 0, watchers: false } as const; // prettier-ignore
    const evening = { name: 'Friday', heat: 1, table: 'A' };
    const row = (state: 'playing' | 'finished', ofEvening: boolean) =>
      mountApp(TableRow, {
        props: { name: '1A · Friday', where: 'kitchen', players: 3, seats: 3, state, variant: { ...variant, ...(ofEvening ? { evening } : {}) }, mine: true, compatible: true },
      }); // prettier-ignore
    expect(row('playing', true).find('[data-testid="rejoin"]').exists()).toBe(true);
    expect(row('finished', false).find('[data-testid="rejoin"]').exists()).toBe(true);
    expect(row('finished', true).find('[data-testid="rejoin"]').exists()).toBe(false);
  });

  it('shows the match only once a game has been won', () => {
    expect(
      mountApp(MatchLine, { props: { match: [{ name: 'Ann', wins: 0 }] } })
        .find('p')
        .exists(),
    ).toBe(false);
    expect(
      mountApp(MatchLine, { props: { match: undefined } })
        .find('p')
        .exists(),
    ).toBe(false);
  });

  it('names the bots’ pace in the waiting room’s options line', () => {
    const w = mountApp(WaitingRoom, {
      props: { info: info([seat(0, 'Ann'), seat(1, 'Bot 2', { bot: true, person: false })]) },
    });
    expect(w.get('.variant').text()).toContain('normal bots · bots play fast');
  });
});
