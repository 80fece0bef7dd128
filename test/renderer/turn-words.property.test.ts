// @vitest-environment happy-dom
// Properties over seeded random games in every variant: every complete turn that keeps a seat in (the
// out report's ways), and every turn the log records (what the round review tells as played), reads as a
// sentence without an empty step, in English, Italian and Korean; the round review's turn label carries
// the log's turn number.
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyMove,
  keepingTurns,
  legalMoves,
  movesOfTurn,
  newGame,
  turnsInRound,
  viewFor,
} from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import type { Locale } from '../../renderer/src/i18n/locales';
import { VARIANTS } from '../unit/engine/helpers';
import { pick, rng } from '../helpers/random';
import { coachWordsIn } from './mount';

/** 48 variants × 3 = 144 games. */
const GAMES_PER_VARIANT = 3;
const names = ['Ada', 'Bo', 'Cy', 'Di'];
const LOCALES: Locale[] = ['en', 'it', 'ko'];

afterEach(() => {
  document.body.innerHTML = '';
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A sentence of steps: not empty, no separator without a step after it, no stray space or comma. */
function expectWholeSteps(line: string, then: string, context: () => string) {
  const emptyStep = new RegExp(`${escape(then)}(?![\\p{L}\\p{N}])`, 'u');
  if (line.trim() === '' || emptyStep.test(line) || /\s,|,,|\s{2}|^\s|\s$/.test(line))
    expect.fail(`an empty step in "${line}" (${context()})`);
}

/** Seeded random games (passing rarely); `visit` after every move. */
function randomGames(visit: (s: GameState, random: () => number) => void) {
  for (const options of VARIANTS)
    for (let g = 0; g < GAMES_PER_VARIANT; g++) {
      const random = rng(700 + g * 13 + options.players);
      let s = newGame(options, 700 + g);
      for (let n = 0; n < 2000 && s.phase !== 'gameOver'; n++) {
        const moves = legalMoves(s);
        const nonPass = moves.filter((m) => m.type !== 'pass');
        s = applyMove(s, nonPass.length > 0 && random() < 0.97 ? pick(random, nonPass) : pick(random, moves));
        visit(s, random);
      }
    }
}

describe('turns in words', () => {
  const words = Object.fromEntries(LOCALES.map((l) => [l, coachWordsIn(l)])) as Record<
    Locale,
    ReturnType<typeof coachWordsIn>
  >;

  it('every keeping turn and every logged turn, in every variant, in en, it and ko', () => {
    let keepers = 0;
    let logged = 0;
    randomGames((s, random) => {
      // Keeping turns at a sample of turn starts; the round's logged turns at each round's end.
      if (s.phase === 'turn' && s.turn!.played === 0 && !s.turn!.discarded && random() < 0.03) {
        const turns = keepingTurns(viewFor(s, s.current));
        for (const locale of LOCALES) {
          const w = words[locale];
          const then = w.t('step.then');
          for (const line of w.keeperLines(turns, names))
            expectWholeSteps(line, then, () => `${locale}, keeping ${JSON.stringify(turns)}`);
          for (const turn of turns.slice(0, 12))
            expectWholeSteps(w.turnWords(turn, names), then, () => `${locale}: ${JSON.stringify(turn)}`);
        }
        keepers += turns.length;
      }
      if (s.phase === 'turn') return;
      for (const turn of turnsInRound(s.log)) {
        const played = movesOfTurn(turn, s.options.autoDraw);
        for (const locale of LOCALES) {
          const w = words[locale];
          const steps = w.turnWords(played, names);
          expectWholeSteps(steps, w.t('step.then'), () => `${locale}: ${JSON.stringify(played)}`);
          const label = w.t('coach.reviewTurn', { n: turn.turn, own: 1, total: 1 });
          if (!label.includes(String(turn.turn))) expect.fail(`${locale}: "${label}" has no turn number`);
        }
        logged += 1;
      }
    });
    expect(keepers).toBeGreaterThan(1000);
    expect(logged).toBeGreaterThan(2000);
  });
});
