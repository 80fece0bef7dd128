// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EveningInfo } from '../../shared/protocol';
import EveningStandings from '../../renderer/src/components/evening/EveningStandings.vue';
import { mountApp, useTestServices } from './mount';

/* The evening's standings: shares as percentages, the receiver's row marked, the winner (or a shared win) in words. */

afterEach(() => {
  document.body.innerHTML = '';
});

const row = (person: string, duplicate: number | null, wins: number, points = wins) => ({
  person,
  games: 2,
  wins,
  points,
  duplicate,
  best: null,
});

function evening(standings: EveningInfo['standings'], over: boolean): EveningInfo {
  const table = { name: 'A', people: ['p1', 'p2', 'p3'], results: [] };
  return {
    settings: { name: 'Friday', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 2 },
    opener: 'p1',
    people: [
      { id: 'p1', name: 'Ann', present: true },
      { id: 'p2', name: 'Bo', present: true },
      { id: 'p3', name: 'Chloé', present: true },
    ],
    heats: [
      { number: 1, tables: [table] },
      { number: 2, tables: [{ ...table, results: over ? [] : null }] },
    ],
    standings,
    heatInPlay: over ? null : 2,
    over,
    you: { person: 'p2', table: null },
  };
}

describe('the evening standings', () => {
  it('lists rank, name, share, wins and games; no winner before the end', () => {
    useTestServices();
    const w = mountApp(EveningStandings, {
      props: { evening: evening([row('p3', 0.75, 2), row('p2', 0.5, 1), row('p1', null, 0)], false) },
    });
    expect(w.get('h3').text()).toBe('Standings after heat 1');
    const rows = w.findAll('[data-testid="evening-standing"]').map((r) =>
      r
        .findAll('td, th')
        .map((c) => c.text())
        .join(' '),
    );
    // Ann's share is not compared yet: a dash for the eye, then the same in words for a screen reader.
    expect(rows).toEqual(['1 Chloé 75% 2 2', '2 Bo 50% 1 2', '3 Ann —not compared yet 0 2']);
    expect(w.findAll('tr.me')).toHaveLength(1);
    expect(w.find('tr.me').text()).toContain('Bo');
    expect(w.find('[data-testid="evening-winner"]').exists()).toBe(false);
  });

  it('says the winner after the last heat, and a shared win when the first are level', () => {
    useTestServices();
    const one = mountApp(EveningStandings, {
      props: { evening: evening([row('p3', 0.75, 2), row('p2', 0.75, 1)], true) },
    });
    expect(one.get('h3').text()).toBe('Standings after heat 2');
    expect(one.get('[data-testid="evening-winner"]').text()).toBe('Chloé wins the evening!');
    one.unmount();
    const two = mountApp(
      EveningStandings,
      { props: { evening: evening([row('p2', 0.75, 2), row('p3', 0.75, 2), row('p1', 0, 0)], true) } },
      undefined,
      'it',
    );
    expect(two.get('[data-testid="evening-winner"]').text()).toBe('Bo e Chloé vincono a pari merito.');
    // Level rows share their rank: the order between them is only who joined first.
    expect(two.findAll('[data-testid="evening-standing"] td:first-child').map((c) => c.text())).toEqual([
      '1',
      '1',
      '3',
    ]);
  });

  it("after the last heat, each one's best heat against the field; none before", () => {
    useTestServices();
    const best = { heat: 2, table: 'B', share: 1 };
    const rows = [{ ...row('p3', 0.75, 2), best }, row('p2', 0.5, 1)];
    const during = mountApp(EveningStandings, { props: { evening: evening(rows, false) } });
    expect(during.find('[data-testid="evening-bests"]').exists()).toBe(false);
    during.unmount();
    const after = mountApp(EveningStandings, { props: { evening: evening(rows, true) } });
    expect(after.findAll('[data-testid="evening-bests"] li').map((li) => li.text())).toEqual([
      'Chloé: heat 2, table B, 100% of what anyone did with those cards',
    ]);
  });

  it('says when nobody could be compared yet (tables of 4 and 3), instead of what 50% means', () => {
    useTestServices();
    const none = mountApp(EveningStandings, {
      props: { evening: evening([row('p3', null, 1), row('p2', null, 0), row('p1', null, 0)], false) },
    });
    expect(none.get('[data-testid="evening-none-compared"]').text()).toContain(
      'Nobody has held the same cards as anyone else yet',
    );
    expect(none.text()).not.toContain('50% is an average game');
    none.unmount();
    const some = mountApp(EveningStandings, {
      props: { evening: evening([row('p3', 1, 1), row('p2', null, 0)], false) },
    });
    expect(some.find('[data-testid="evening-none-compared"]').exists()).toBe(false);
    expect(some.text()).toContain('50% is an average game');
    // A share not compared yet is a dash to the eye and words to a screen reader (a dash alone is read as nothing).
    const notYet = some.findAll('[data-testid="evening-standing"]')[1].findAll('td')[1];
    expect(notYet.get('[aria-hidden="true"]').text()).toBe('—');
    expect(notYet.get('.sr-only').text()).toBe('not compared yet');
    some.unmount();
    // A first heat at tables of 3, 3 and 2, one table of 3 still playing: nobody is compared yet, but not for
    // want of tables of one size: what 50% means, not that the tables all had different numbers of seats.
    const first: EveningInfo = {
      ...evening([row('p3', null, 1), row('p2', null, 0), row('p1', null, 0)], false),
      heats: [
        {
          number: 1,
          tables: [
            { name: 'A', people: ['p1', 'p4', 'p5'], results: null },
            { name: 'B', people: ['p2', 'p3', 'p6'], results: [] },
            { name: 'C', people: ['p7', 'p8'], results: [] },
          ],
        },
      ],
      heatInPlay: 1,
    };
    const part = mountApp(EveningStandings, { props: { evening: first } });
    expect(part.find('[data-testid="evening-none-compared"]').exists()).toBe(false);
    expect(part.text()).toContain('50% is an average game');
  });

  it('says the standings are so far while a heat is part played (its ended tables are counted already)', () => {
    useTestServices();
    const e = evening([row('p3', 0.75, 2), row('p2', 0.5, 1), row('p1', null, 0)], false);
    const ended = { name: 'A', people: ['p1', 'p2'], results: [] };
    const playing = { name: 'B', people: ['p3', 'bot:1'], results: null };
    e.heats[1] = { number: 2, tables: [ended, playing] };
    const w = mountApp(EveningStandings, { props: { evening: e } }, undefined, 'it');
    expect(w.get('h3').text()).toBe('Classifica provvisoria: la manche 2 è ancora in corso');
    // Chloé's table still plays: her row says so (it does not count that game yet).
    const rows = w.findAll('[data-testid="evening-standing"] th').map((c) => c.text());
    expect(rows).toEqual(['Chloé · ancora in gioco', 'Bo', 'Ann']);
  });
});
