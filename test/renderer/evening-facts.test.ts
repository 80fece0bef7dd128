// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EveningInfo } from '../../shared/protocol';
import EveningFacts from '../../renderer/src/components/evening/EveningFacts.vue';
import { mountApp, useTestServices } from './mount';

/* The evening's facts line once it is over: one heat or several, in words that fit the number. */

afterEach(() => {
  document.body.innerHTML = '';
});

const over = (heats: number): EveningInfo => ({
  settings: { name: 'Friday', game: { mode: 'basic', actionRule: false }, prefer: 3, heats },
  opener: 'p1',
  people: [{ id: 'p1', name: 'Ann', present: true }],
  heats: Array.from({ length: heats }, (_, i) => ({ number: i + 1, tables: [] })),
  standings: [],
  heatInPlay: null,
  over: true,
  you: null,
});

describe('the evening facts, once it is over', () => {
  it.each([
    ['en', 1, 'The one heat played'],
    ['en', 3, 'All 3 heats played'],
    ['it', 1, "Giocata l'unica manche"],
    ['it', 3, 'Giocate tutte le 3 manche'],
    ['ko', 3, '3회전 모두 끝남'],
  ] as const)('%s, %i heats: "%s"', (locale, heats, line) => {
    useTestServices();
    const w = mountApp(EveningFacts, { props: { evening: over(heats) } }, undefined, locale);
    expect(w.text()).toContain(line);
    expect(w.text()).not.toContain('All 1 heats');
  });

  it('lists who is in first, then who left, under a heading that counts those in', () => {
    useTestServices();
    const e: EveningInfo = {
      ...over(2),
      over: false,
      people: [
        { id: 'p1', name: 'Ann', present: true },
        { id: 'p2', name: 'Bo', present: false },
        { id: 'p3', name: 'Chloé', present: true },
      ],
    };
    const w = mountApp(EveningFacts, { props: { evening: e } });
    expect(w.get('h3').text()).toBe('Who is in (2)');
    expect(w.findAll('[data-testid="evening-people"] li').map((li) => li.text())).toEqual([
      'Ann · runs it',
      'Chloé',
      'Bo · left',
    ]);
  });
});
