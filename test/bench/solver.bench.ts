// How far the exact solver reaches: 2-player Basic positions (random play from a deal until so many cards
// are left in the two hands), the share proved (won or lost) within 100 ms and within 1 s, by cards left.
// One JSON line per count of cards.
//   node --import tsx test/bench/solver.bench.ts [positions=20] [cards=4,6,8,10,12,14]
import { solveRound } from '../../shared/bots/solver';
import { applyMove, completeTurns, newGame, type GameState, type Move } from '../../shared/engine';
import { benchSettings } from './settings';

const settings = benchSettings();
const positions = Number(settings.get('positions') ?? 20);
const counts = (settings.get('cards') ?? '4,6,8,10,12,14').split(',').map(Number);

/** A 2-player Basic round played at random until `cards` are left in the hands (null if it ended first). */
function position(seed: number, cards: number): GameState | null {
  let s = newGame({ players: 2, mode: 'basic', actionRule: false }, seed);
  let r = seed;
  const random = (n: number) => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n;
  const play = (state: GameState, turn: readonly Move[]) => turn.reduce(applyMove, state);
  while (s.phase === 'turn' && s.hands[0].length + s.hands[1].length > cards) {
    const turns = completeTurns(s);
    s = turns.length ? play(s, turns[random(turns.length)]) : applyMove(s, { type: 'pass' });
  }
  return s.phase === 'turn' && s.hands[0].length + s.hands[1].length === cards ? s : null;
}

for (const cards of counts) {
  let found = 0;
  let within100 = 0;
  let within1000 = 0;
  const times: number[] = [];
  for (let seed = 1; found < positions && seed < positions * 50; seed++) {
    const s = position(seed, cards);
    if (!s) continue;
    found++;
    const t = performance.now();
    let solved = solveRound(s, { ms: 100, nodes: Infinity });
    if (solved.verdict !== 'unknown') within100++;
    else solved = solveRound(s, { ms: 1000, nodes: Infinity });
    if (solved.verdict !== 'unknown') within1000++;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      workload: 'solver.reach',
      variant: '2p basic',
      cardsInHands: cards,
      positions: found,
      proved100ms: found ? Math.round((100 * within100) / found) / 100 : null,
      proved1s: found ? Math.round((100 * within1000) / found) / 100 : null,
      medianMs: times.length ? Math.round(times[Math.floor(times.length / 2)]) : null,
    }),
  );
}
