// Engine workloads. Each prints one JSON line.
import { applyMove, legalMoves, newGame, playout, viewFor } from '../../shared/engine';
import type { Move } from '../../shared/engine';

/** A cheap deterministic choice that mostly avoids passing, so games run to their end. */
function chooseMoveForBench(moves: Move[], r: number): Move {
  const active = moves.filter((m) => m.type !== 'pass');
  const pool = active.length > 0 && r % 25 !== 0 ? active : moves;
  return pool[(r * 7919) % pool.length];
}

function report(workload: string, fields: Record<string, number | string>): void {
  console.log(JSON.stringify({ workload, ...fields }));
}

// 1. Random playouts from one deal: 3 players, Advanced with the draw always taken, no Action rule;
//    each turn uniform among the distinct complete turns that leave the player leading.
{
  const deal = newGame({ players: 3, mode: 'advanced', actionRule: false, autoDraw: true }, 2026);
  for (let i = 0; i < 20_000; i++) playout(deal, i); // warm-up
  const count = 100_000;
  const start = process.hrtime.bigint();
  let checksum = 0;
  for (let i = 0; i < count; i++) checksum += playout(deal, 1_000_000 + i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  report('engine.playouts.3p-advanced-draw', {
    playouts: count,
    seconds: +seconds.toFixed(3),
    playoutsPerSecond: Math.round(count / seconds),
    checksum,
  });
}

// 2. The readable API: whole games through legalMoves + applyMove + a view per move (what the host does).
{
  const start = process.hrtime.bigint();
  let moves = 0;
  const games = 300;
  for (let seed = 0; seed < games; seed++) {
    let state = newGame({ players: 4, mode: 'advanced', actionRule: true }, seed);
    while (state.phase !== 'gameOver') {
      const options = legalMoves(state);
      state = applyMove(state, chooseMoveForBench(options, seed + moves));
      viewFor(state, state.current);
      moves++;
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  report('engine.applyMove.4p-advanced-action', {
    games,
    moves,
    seconds: +seconds.toFixed(3),
    movesPerSecond: Math.round(moves / seconds),
  });
}
