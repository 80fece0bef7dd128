// Engine workloads. Each prints one JSON line.
// `tsx test/bench/engine.bench.ts [playouts|applyMove] [--reps N] [playouts=N] [applyMoveGames=N]`: one workload,
// N timed repetitions; `playouts=` and `applyMoveGames=` shrink a repetition (the CI smoke run), their defaults are
// the figures' sizes.
import { applyMove, legalMoves, newGame, playout, viewFor } from '../../shared/engine';
import type { Move } from '../../shared/engine';
import { benchSettings } from './settings';

const args = process.argv.slice(2);
const repsAt = args.indexOf('--reps');
const reps = repsAt >= 0 ? Math.max(1, Number(args[repsAt + 1]) || 1) : 5;
// The workload's name is the word that is neither a flag nor the flag's number.
const only = args.find((a, i) => !a.startsWith('--') && !a.includes('=') && i !== repsAt + 1);
const settings = benchSettings(args);
const size = (name: string, fallback: number) => Math.max(1, Number(settings.get(name)) || fallback);

/** A cheap deterministic choice that mostly avoids passing, so games run to their end. */
function chooseMoveForBench(moves: Move[], r: number): Move {
  const active = moves.filter((m) => m.type !== 'pass');
  const pool = active.length > 0 && r % 25 !== 0 ? active : moves;
  return pool[(r * 7919) % pool.length];
}

function report(workload: string, fields: Record<string, number | string>): void {
  console.log(JSON.stringify({ workload, ...fields }));
}

/** Seconds taken by `run`, repeated `reps` times: median, fastest, slowest and spread around the median. */
function timeRepeated(run: () => void): { seconds: number; min: number; max: number; spreadPct: number } {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const round = (x: number) => +x.toFixed(3);
  return {
    seconds: round(median),
    min: round(times[0]),
    max: round(times[times.length - 1]),
    spreadPct: +((100 * (times[times.length - 1] - times[0])) / median).toFixed(1),
  };
}

// 1. Random playouts from one deal: 3 players, Advanced with the draw always taken, no Action rule;
//    each turn uniform among the distinct complete turns that leave the player leading. 100k playouts
//    a repetition, after a warm-up, so the JIT has settled before the clock starts.
if (!only || only === 'playouts') {
  const deal = newGame({ players: 3, mode: 'advanced', actionRule: false, autoDraw: true }, 2026);
  const count = size('playouts', 100_000);
  for (let i = 0; i < Math.min(30_000, count); i++) playout(deal, i);
  let checksum = -1;
  const timing = timeRepeated(() => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += playout(deal, 1_000_000 + i);
    if (checksum >= 0 && sum !== checksum) throw new Error('playouts are not deterministic');
    checksum = sum;
  });
  report('engine.playouts.3p-advanced-draw', {
    playouts: count,
    reps,
    ...timing,
    playoutsPerSecond: Math.round(count / timing.seconds),
    checksum,
  });
}

// 2. The readable API: whole games through legalMoves + applyMove + a view per move (what the host does).
if (!only || only === 'applyMove') {
  const games = size('applyMoveGames', 300);
  let moves = 0;
  const playGames = () => {
    moves = 0;
    for (let seed = 0; seed < games; seed++) {
      let state = newGame({ players: 4, mode: 'advanced', actionRule: true }, seed);
      while (state.phase !== 'gameOver') {
        const options = legalMoves(state);
        state = applyMove(state, chooseMoveForBench(options, seed + moves));
        viewFor(state, state.current);
        moves++;
      }
    }
  };
  playGames(); // warm-up
  const timing = timeRepeated(playGames);
  report('engine.applyMove.4p-advanced-action', {
    games,
    moves,
    reps,
    ...timing,
    movesPerSecond: Math.round(moves / timing.seconds),
  });
}
