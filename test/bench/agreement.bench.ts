// How often hard's choice is the all-seeing player's (all-seeing.ts), with uniform guesses and with reading
// the opponents' turns (reading.ts), on the same positions: a cheaper and more sensitive look at what a way
// of guessing recovers than whole games. Positions come from seeded games between normal bots, at decisions
// of a real choice (more than one legal move, no free draw). Each is searched four times: all-seeing (seed s),
// hard uniform (s), hard reading (s), and all-seeing again with another seed (how often the same player
// agrees with itself: the ceiling the search's own noise leaves).
//   npm run bench -- agreement [positions=N] [players=P] [action=0|1] [first=K]
import { applyMove, newGame, viewFor } from '../../shared/engine';
import type { GameState } from '../../shared/engine';
import { BOT_LEVELS, chooseBotMove } from '../../shared/bots';
import { allSeeingMove } from './all-seeing';
import { benchSettings } from './settings';

const args = benchSettings();
const wanted = Number(args.get('positions') ?? 60);
const players = Number(args.get('players') ?? 3) as 2 | 3 | 4;
const action = (args.get('action') ?? (players > 2 ? '1' : '0')) === '1';
const first = Number(args.get('first') ?? 0);

function positions(): GameState[] {
  const found: GameState[] = [];
  for (let deal = first; found.length < wanted; deal++) {
    let state = newGame({ players, mode: 'advanced', actionRule: action }, 70_000 + deal);
    let n = 0;
    while (state.phase !== 'gameOver' && found.length < wanted) {
      if (state.phase === 'roundOver') {
        state = applyMove(state, { type: 'nextRound' });
        continue;
      }
      const view = viewFor(state, state.current!);
      const legal = view.legalMoves;
      // Every third real choice, so the positions spread over the game.
      if (legal.length > 1 && !legal.some((m) => m.type === 'draw') && n % 3 === 0) found.push(state);
      state = applyMove(state, chooseBotMove(view, n, 'normal'));
      n++;
    }
  }
  return found;
}

function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const c = p + (z * z) / (2 * n);
  const s = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const d = 1 + (z * z) / n;
  return [+((c - s) / d).toFixed(3), +((c + s) / d).toFixed(3)];
}

const hard = { ...BOT_LEVELS.hard, search: 'ismcts' } as const;
let uniform = 0;
let reading = 0;
let itself = 0;
let readingOnly = 0;
let uniformOnly = 0;
const list = positions();
list.forEach((state, i) => {
  const view = viewFor(state, state.current!);
  const seed = 1000 + i;
  const key = JSON.stringify(allSeeingMove(state, seed));
  const u = JSON.stringify(chooseBotMove(view, seed, { ...hard, reading: 'uniform' })) === key;
  const r = JSON.stringify(chooseBotMove(view, seed, { ...hard, reading: 'turns' })) === key;
  if (JSON.stringify(allSeeingMove(state, seed + 77_777)) === key) itself++;
  if (u) uniform++;
  if (r) reading++;
  if (r && !u) readingOnly++;
  if (u && !r) uniformOnly++;
});
const n = list.length;
console.log(
  JSON.stringify({
    workload: `agreement.${players}p-advanced${action ? '-action' : ''}`,
    positions: n,
    firstDeal: first,
    uniformAgrees: +(uniform / n).toFixed(3),
    uniformWilson95: wilson(uniform, n),
    readingAgrees: +(reading / n).toFixed(3),
    readingWilson95: wilson(reading, n),
    // The paired difference: positions where only one of the two found the all-seeing player's move.
    readingOnly,
    uniformOnly,
    allSeeingAgreesWithItself: +(itself / n).toFixed(3),
  }),
);
