// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EveningInfo } from '../../shared/protocol';
import RoomEvening from '../../renderer/src/room/RoomEvening.vue';
import { mountApp, useTestServices } from './mount';

/* The room screen's evening: level rows share a rank, and a shared win is said as one (not the first name alone). */

afterEach(() => {
  document.body.innerHTML = '';
});

const row = (person: string, duplicate: number, wins: number) => ({
  person,
  games: 2,
  wins,
  points: wins,
  duplicate,
  best: null,
});

const over = (standings: EveningInfo['standings']): EveningInfo => ({
  settings: { name: 'Friday', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 1 },
  opener: 'p1',
  people: [
    { id: 'p1', name: 'Ann', present: true },
    { id: 'p2', name: 'Bo', present: true },
    { id: 'p3', name: 'Chloé', present: true },
  ],
  heats: [{ number: 1, tables: [{ name: 'A', people: ['p1', 'p2', 'p3'], results: [] }] }],
  standings,
  heatInPlay: null,
  over: true,
  you: null,
});

describe("the room screen's evening", () => {
  it('a shared win in words, and level rows with one rank', () => {
    useTestServices();
    const w = mountApp(RoomEvening, {
      props: { evening: over([row('p2', 0.75, 1), row('p3', 0.75, 1), row('p1', 0, 0)]) },
    });
    expect(w.text()).toContain('The evening is over: Bo and Chloé share the win');
    expect(w.findAll('tbody tr td:first-child').map((c) => c.text())).toEqual(['1', '1', '3']);
    w.unmount();
    const one = mountApp(
      RoomEvening,
      { props: { evening: over([row('p3', 1, 1), row('p2', 0.5, 1)]) } },
      undefined,
      'ko',
    );
    expect(one.text()).toContain('대회 종료: Chloé 우승');
  });

  it('says when nobody could be compared yet, in Italian too', () => {
    useTestServices();
    const w = mountApp(RoomEvening, { props: { evening: over([row('p3', 1, 1), row('p2', 0, 0)]) } });
    expect(w.find('[data-testid="room-none-compared"]').exists()).toBe(false);
    w.unmount();
    const none = { ...over([]), standings: [{ ...row('p3', 0, 1), duplicate: null }] };
    const during = mountApp(RoomEvening, { props: { evening: { ...none, over: false } } }, undefined, 'it');
    // The share nobody could compare: a dash to the eye, words to a screen reader.
    const share = during.findAll('tbody tr td')[1];
    expect(share.get('[aria-hidden="true"]').text()).toBe('—');
    expect(share.get('.sr-only').text()).toBe('non ancora confrontato');
    expect(during.get('[data-testid="room-none-compared"]').text()).toContain(
      'Finora nessuno ha avuto le stesse carte',
    );
    during.unmount();
    // Once it is over, in the past: nobody could be compared any more.
    const after = mountApp(RoomEvening, { props: { evening: none } });
    expect(after.get('[data-testid="room-none-compared"]').text()).toContain('the standings went by wins');
  });

  it('while a heat is still played at some tables: the standings so far, and which tables play on', () => {
    useTestServices();
    const heat = (results: (null | [])[]): EveningInfo => ({
      ...over([row('p1', 1, 1), row('p2', 0, 0), row('p3', 0.5, 0)]),
      over: false,
      heatInPlay: 1,
      heats: [
        {
          number: 1,
          tables: results.map((r, i) => ({ name: 'ABC'[i], people: [`p${i + 1}`], results: r })),
        },
      ],
    });
    const caption = (e: EveningInfo, locale?: Parameters<typeof mountApp>[3]) => {
      const w = mountApp(RoomEvening, { props: { evening: e } }, undefined, locale);
      const text = w.get('[data-testid="room-standings-caption"]').text();
      w.unmount();
      return text;
    };
    expect(caption(heat([[], null, []]))).toBe('Standings so far: table B still playing');
    expect(caption(heat([[], null, null]))).toBe('Standings so far: tables B and C still playing');
    expect(caption(heat([[], null, null]), 'it')).toBe(
      'Classifica provvisoria: i tavoli B e C stanno ancora giocando',
    );
    expect(caption(heat([[], null, []]), 'ko')).toBe('현재까지 순위: B 테이블 진행 중');
    // Nobody compared yet, but a table of the same size as an ended one plays on: not "different sizes".
    const part = { ...heat([[], null]), standings: [{ ...row('p1', 0, 1), duplicate: null }] };
    part.heats[0].tables = part.heats[0].tables.map((tb) => ({ ...tb, people: ['p1', 'p2', 'p3'] }));
    const w = mountApp(RoomEvening, { props: { evening: part } });
    expect(w.find('[data-testid="room-none-compared"]').exists()).toBe(false);
    w.unmount();
    // Every table ended (the heat is over): the standings alone.
    expect(caption({ ...heat([[], [], []]), heatInPlay: null })).toBe('Standings');
  });

  it('twelve people: the top ten rows, and how many more', () => {
    useTestServices();
    const twelve = Array.from({ length: 12 }, (_, i) => row(`p${i + 1}`, 1 - i / 12, 0));
    const e = {
      ...over(twelve),
      people: twelve.map((r) => ({ id: r.person, name: r.person, present: true })),
    };
    const w = mountApp(RoomEvening, { props: { evening: e } });
    expect(w.findAll('tbody tr')).toHaveLength(10);
    expect(w.get('[data-testid="room-more-rows"]').text()).toBe('…and 2 more');
    w.unmount();
    const three = mountApp(RoomEvening, { props: { evening: over([row('p3', 1, 1), row('p2', 0.5, 1)]) } });
    expect(three.find('[data-testid="room-more-rows"]').exists()).toBe(false);
  });
});
