// How long the round review's hindsight takes (shared/bots/hindsight.ts at its default budget): whole rounds
// played by easy bots from a deal, looked back on for seat 0, by variant; the share of turns left unknown
// and the findings. One line per variant.
//   node --import tsx test/bench/hindsight.bench.ts [rounds=20]
import { chooseBotMove } from '../../shared/bots';
import { roundHindsight, type SeatMove } from '../../shared/bots/hindsight';
import { applyMove, newGame, viewFor, type GameOptions } from '../../shared/engine';
import { benchSettings } from './settings';

const rounds = Number(benchSettings().get('rounds') ?? 20);
const VARIANTS: GameOptions[] = [
  { players: 2, mode: 'basic', actionRule: false },
  { players: 2, mode: 'basic', actionRule: true },
  { players: 3, mode: 'basic', actionRule: false },
  { players: 4, mode: 'basic', actionRule: false },
];

for (const options of VARIANTS) {
  const times: number[] = [];
  const findings: Record<string, number> = {};
  let turns = 0;
  let unknown = 0;
  for (let seed = 1; seed <= rounds; seed++) {
    const deal = newGame(options, seed * 7919);
    const moves: SeatMove[] = [];
    for (let s = deal; s.phase === 'turn';) {
      const move = chooseBotMove(viewFor(s, s.current!), s.moveCount, 'easy');
      moves.push({ seat: s.current!, move });
      s = applyMove(s, move);
    }
    const h = roundHindsight(deal, moves, 0);
    times.push(h.ms);
    findings[h.finding.kind] = (findings[h.finding.kind] ?? 0) + 1;
    turns += h.turns.length;
    unknown += h.turns.filter((t) => t.verdict === 'unknown').length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  const name = `${options.players}p ${options.actionRule ? 'Basic + Action' : 'Basic'}`;
  console.log(
    JSON.stringify({
      variant: name,
      rounds,
      medianMs: at(0.5),
      p90Ms: at(0.9),
      maxMs: at(1),
      turnsUnknown: unknown,
      turns,
      findings,
    }),
  );
}
