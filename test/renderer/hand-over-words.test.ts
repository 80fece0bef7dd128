// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { HandOverReport } from '../../shared/protocol';
import OperatorHandOverPanel from '../../renderer/src/components/lobby/OperatorHandOverPanel.vue';
import HandOverReportView from '../../renderer/src/components/lobby/HandOverReport.vue';
import HandOverFailureNote from '../../renderer/src/components/lobby/HandOverFailureNote.vue';
import type { Locale } from '../../renderer/src/i18n/locales';
import { mountApp, useTestServices } from './mount';
import { MemoryStorage } from './memory-storage';
import { webBridge } from '../../renderer/src/bridge/web';
import { setServices } from '../../renderer/src/services';
import { useLanTablesStore } from '../../renderer/src/stores/lanTables';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import { eventually } from './wait';

/*
 * A hand-over's refusals are worded by the page in its own language, from their codes: the host's English
 * is only a technical detail, folded away and marked as English. An older host's text without a code reads
 * as a plain refusal in that language, its text the detail.
 */

const HOST_ENGLISH = '127.0.0.1:1 cannot be reached (ECONNREFUSED)';
const WORDS = {
  it: {
    unreachable: 'Passaggio non riuscito: nessuna risposta da 127.0.0.1:1.',
    other: 'Passaggio non riuscito: qualcosa non ha funzionato.',
    alreadyHere: 'l’altro computer ha già un tavolo con questo id.',
    damagedLine: 'la riga 12 della partita salvata è danneggiata.',
    eveningHere: 'l’altro computer ha una serata sua',
    otherTable: 'l’altro computer l’ha rifiutato.',
    technical: 'Dettagli tecnici (in inglese)',
    keepHosting:
      'I giocatori di quei tavoli continuano qui: tieni questo computer come host finché non finiscono.',
    hostStartedWith: 'o un host avviato con --receive).',
    eveningStayed: "La serata è rimasta qui: l'altro computer ha una serata sua.",
    versionOlder:
      'Passaggio non riuscito: Bo ha una versione più vecchia di Red7 LAN. Aggiorna l’app lì e riprova.',
    versionNewer:
      'Passaggio non riuscito: Bo ha una versione più nuova di Red7 LAN. Aggiorna l’app su questo computer e riprova.',
    version:
      'Passaggio non riuscito: Bo ha un’altra versione di Red7 LAN. Aggiorna l’app più vecchia e riprova.',
  },
  ko: {
    unreachable: '넘기지 못했습니다: 127.0.0.1:1에서 응답이 없습니다.',
    other: '넘기지 못했습니다: 문제가 발생했습니다.',
    alreadyHere: '다른 컴퓨터에 같은 ID의 테이블이 이미 있습니다.',
    damagedLine: '저장된 게임의 12번째 줄이 손상되었습니다.',
    eveningHere: '다른 컴퓨터에서 자체 대회가 진행 중이라',
    otherTable: '다른 컴퓨터가 거부했습니다.',
    technical: '기술 정보(영어)',
    keepHosting:
      '그 테이블의 플레이어는 여기서 계속합니다. 게임이 끝날 때까지 이 컴퓨터에서 호스트를 계속하세요.',
    hostStartedWith: '또는 --receive로 시작한 호스트).',
    eveningStayed: '대회는 여기에 남았습니다. 다른 컴퓨터에 자체 대회가 있습니다.',
    versionOlder:
      '넘기지 못했습니다: Bo는 더 오래된 버전의 Red7 LAN을 실행 중입니다. 그 컴퓨터의 앱을 업데이트한 뒤 다시 시도하세요.',
    versionNewer:
      '넘기지 못했습니다: Bo는 더 새로운 버전의 Red7 LAN을 실행 중입니다. 이 컴퓨터의 앱을 업데이트한 뒤 다시 시도하세요.',
    version:
      '넘기지 못했습니다: Bo는 다른 버전의 Red7 LAN을 실행 중입니다. 오래된 앱을 업데이트한 뒤 다시 시도하세요.',
  },
};
/** Words of the hosts' English refusals, none of which may be read outside the technical details. */
const ENGLISH = /cannot be reached|already on this host|evening of its own|damaged|not the one shown|refused/;

/** The page's text but what is folded away as technical details. */
const shown = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('details').forEach((d) => d.remove());
  return copy.textContent ?? '';
};

beforeEach(() => useTestServices());
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe.each(['it', 'ko'] as const)('a hand-over refused, in %s', (locale: Exclude<Locale, 'en'>) => {
  const words = WORDS[locale];

  it("the host's page words the host's refusal from its code; the host's English is a marked detail", async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(JSON.stringify({ error: HOST_ENGLISH, code: 'unreachable', address: '127.0.0.1:1' }), {
          status: 502,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const wrapper = mountApp(OperatorHandOverPanel, {}, undefined, locale);
    // The address hint names the host's flag as a command, whole on its line.
    const flag = wrapper.get('#operator-hand-over-address-hint code');
    expect(flag.text()).toBe('--receive');
    expect(wrapper.get('#operator-hand-over-address-hint').text()).toContain(words.hostStartedWith);
    await wrapper.find('[data-testid="operator-hand-over-address"]').setValue('127.0.0.1:1');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    // One ask of this host, and the other host's name read beside it (for the code step).
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).sort()).toEqual([
      'GET http://127.0.0.1:1/api/info',
      'POST /api/hand-over',
    ]);
    const alert = wrapper.find('[role="alert"]');
    expect(alert.text()).toContain(words.unreachable);
    expect(alert.text()).not.toMatch(ENGLISH);
    expect(shown(wrapper.element)).not.toMatch(ENGLISH);
    const details = wrapper.find('[data-testid="hand-over-failure"] details');
    expect(details.find('summary').text()).toBe(words.technical);
    expect(details.find('[lang="en"]').text()).toBe(HOST_ENGLISH);
  });

  it("an older host's refusal without a code: a plain sentence in this language, its text the detail", () => {
    const wrapper = mountApp(
      HandOverFailureNote,
      { props: { failure: { code: 'other', detail: 'that code is not the one shown' }, to: 'Bo' } },
      undefined,
      locale,
    );
    expect(wrapper.find('[role="alert"]').text()).toBe(words.other);
    expect(wrapper.find('details [lang="en"]').text()).toBe('that code is not the one shown');
  });

  it('a version refusal says which computer to update when this page knows the other host’s protocol', () => {
    const say = (theirProtocol?: number) =>
      mountApp(
        HandOverFailureNote,
        { props: { failure: { code: 'version', name: 'Bo' }, to: '10.0.0.9', theirProtocol } },
        undefined,
        locale,
      )
        .find('[role="alert"]')
        .text();
    expect(say(PROTOCOL_VERSION - 1)).toBe(words.versionOlder);
    expect(say(PROTOCOL_VERSION + 1)).toBe(words.versionNewer);
    expect(say()).toBe(words.version);
  });

  it('the report says why each table stayed, in this language', () => {
    const report: HandOverReport = {
      to: 'Bo',
      moved: ['t1'],
      refused: [
        { id: 't2', code: 'alreadyHere', reason: 'a table of this id is already on this host' },
        { id: 't3', code: 'damaged', line: 12, reason: 'log line 12 is damaged (not JSON)' },
        {
          id: 't4',
          code: 'eveningHere',
          reason: "this host holds an evening of its own: the evening's tables stay",
        },
        { id: 't5', reason: 'refused by an older host' },
      ],
      evening: 'stayed',
    };
    const wrapper = mountApp(
      HandOverReportView,
      { props: { report, allMoved: '', awayKey: 'handOver.awayRunning' } },
      undefined,
      locale,
    );
    const items = wrapper.findAll('.report > ul > li').map((li) => li.text());
    expect(items).toEqual([
      `t2: ${words.alreadyHere}`,
      `t3: ${words.damagedLine}`,
      expect.stringContaining(`t4: ${words.eveningHere}`),
      `t5: ${words.otherTable}`,
    ]);
    expect(shown(wrapper.element)).not.toMatch(ENGLISH);
    expect(wrapper.find('details summary').text()).toBe(words.technical);
    expect(wrapper.find('details [lang="en"]').text()).toContain('log line 12 is damaged (not JSON)');
    expect(wrapper.get('[data-testid="hand-over-evening"]').text()).toBe(words.eveningStayed);
  });

  it('names a table that stayed as the lobby lists it, and says to keep hosting for its players', async () => {
    const summary = { id: 't2', name: 'Dan’s table', players: 2, seats: 2, state: 'playing', mode: 'basic', actionRule: false, rulesVersion: '1.2', spectators: 0, match: [] }; // prettier-ignore
    const info = {
      name: 'Ann’s laptop',
      version: '1.0.0',
      protocol: PROTOCOL_VERSION,
      port: 47470,
      addresses: [],
    };
    setServices({
      bridge: webBridge({
        location: {
          hostname: '127.0.0.1',
          port: '47470',
          protocol: 'http:',
          origin: 'http://127.0.0.1:47470',
        },
        fetch: async (url) =>
          new Response(JSON.stringify(String(url).endsWith('/api/info') ? info : [summary])),
        storage: new MemoryStorage(),
      }),
      createClient: () => {
        throw new Error('no link in this test');
      },
      session: new MemoryStorage(),
      local: new MemoryStorage(),
      originWsUrl: null,
    });
    const report: HandOverReport = {
      to: 'Bo',
      moved: ['t1'],
      refused: [{ id: 't2', code: 'alreadyHere', reason: 'a table of this id is already on this host' }],
    };
    const wrapper = mountApp(
      HandOverReportView,
      { props: { report, allMoved: '', awayKey: 'handOver.awayRunning' } },
      undefined,
      locale,
    );
    const lan = useLanTablesStore();
    lan.start();
    await eventually(() => expect(lan.tables).toHaveLength(1));
    await flushPromises();
    expect(wrapper.findAll('.report > ul > li').map((li) => li.text())).toEqual([
      `Dan’s table: ${words.alreadyHere}`,
    ]);
    expect(wrapper.get('[data-testid="hand-over-keep-hosting"]').text()).toBe(words.keepHosting);
    // The id stays in the technical details.
    expect(wrapper.find('details [lang="en"]').text()).toContain('t2:');
    lan.stop();
  });
});

describe('the report when people were away during the move', () => {
  const mount = (
    report: HandOverReport,
    awayKey: 'handOver.awayKept' | 'handOver.awayRunning',
    locale: Locale,
  ) => mountApp(HandOverReportView, { props: { report, allMoved: 'ALL MOVED', awayKey } }, undefined, locale);
  const base: HandOverReport = { to: 'Bo’s computer', moved: ['t1', 't2'], refused: [] };

  it('counts them and says this host sends them on (keep it running; the desktop keeps hosting)', () => {
    const running = mount({ ...base, away: 2 }, 'handOver.awayRunning', 'en');
    expect(running.get('[data-testid="hand-over-away"]').text()).toBe(
      '2 people were away (phones asleep, say): keep this host running until they are back; it sends them on to Bo’s computer.',
    );
    expect(running.text()).not.toContain('ALL MOVED');
    const kept = mount({ ...base, away: 1 }, 'handOver.awayKept', 'en');
    expect(kept.get('[data-testid="hand-over-away"]').text()).toBe(
      '1 person was away (a phone asleep, say): this computer keeps hosting, to send them on to Bo’s computer when they come back. Keep the app open a while; stop hosting when you leave.',
    );
    for (const locale of ['it', 'ko'] as const) {
      const line = mount({ ...base, away: 3 }, 'handOver.awayRunning', locale)
        .get('[data-testid="hand-over-away"]')
        .text();
      expect(line).toContain('3');
      expect(line).toContain('Bo’s computer');
      expect(line).not.toMatch(/away|asleep/);
    }
  });

  it('nobody away (or an older host, which does not say): the line for when everyone was sent on', () => {
    const wrapper = mount(base, 'handOver.awayRunning', 'en');
    expect(wrapper.find('[data-testid="hand-over-away"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('ALL MOVED');
  });
});
