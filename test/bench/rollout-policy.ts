// The rollout's learned policy (shared/bots/rollout-policy.ts), from hard's own games: seeded games between
// hard bots, each turn classified by the features and one-card turns the rollout sees (rolloutView) on the
// true position, and counted by the kind of turn hard chose (a play alone: the lowest, highest or a middle
// one of those that keep it in; a rule change alone, likewise; a play and a discard). Prints the table's
// counts; `write=1` writes them into rollout-policy.ts. `speed=1` instead times the rollout with each policy.
//   node --import tsx test/bench/rollout-policy.ts [games2=N] [games3=N] [games4=N] [scale=S] [min=M] [write=1]
//   node --import tsx test/bench/rollout-policy.ts speed=1 [playouts=N]
// games2: 2-player Advanced games, games3: 3-player Advanced + Action, games4: 4-player Advanced (deals from
// 71,000, apart from the tournament's); scale: hard's budget (0.25, the tournament's quick budget); min: a
// cell seen fewer times is left at zeros (the mix decides there).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyseTurn, chooseBotMove, scaledLevel } from '../../shared/bots';
import { informedPlayout, rolloutView } from '../../shared/bots/rollout';
import { POLICY_CELLS, POLICY_KINDS } from '../../shared/bots/rollout-policy';
import { applyMove, cardRank, newGame, viewFor } from '../../shared/engine';
import type { GameOptions, GameState, Move } from '../../shared/engine';
import { benchSettings } from './settings';

const args = benchSettings();
const scale = Number(args.get('scale') ?? 0.25);
const hard = scaledLevel('hard', scale);
/** What a table seat of every kind of game plays with: card actions in rollouts when the Action rule is on. */
const KIND_NAMES = [
  'play lowest',
  'play highest',
  'play middle',
  'rule lowest',
  'rule highest',
  'rule middle',
  'play and discard',
];

/**
 * The kind of `turn` from a hand of `hand` cards (0–6, see rollout-policy.ts), or -1 for going out or a turn
 * the rollout has no kind for (a card it does not see leading, two cards from one by a 3's draw).
 */
function kindOf(turn: readonly Move[], plays: number[], rules: number[], hand: number): number {
  const played = turn.flatMap((m) => (m.type === 'play' ? [cardRank(m.card)] : []));
  const discarded = turn.flatMap((m) => (m.type === 'discard' ? [cardRank(m.card)] : []));
  if (discarded.length === 1 && played.length >= 1) return hand >= 2 ? 6 : -1;
  const placeIn = (list: number[], c: number): number => {
    const i = list.indexOf(c);
    return i < 0 ? -1 : i === 0 ? 0 : i === list.length - 1 ? 1 : 2;
  };
  if (played.length === 1 && discarded.length === 0) return placeIn(plays, played[0]);
  if (played.length === 0 && discarded.length === 1) {
    const place = placeIn(rules, discarded[0]);
    return place < 0 ? -1 : 3 + place;
  }
  return -1;
}

/** Plays hard against hard in `games` deals of `options`, counting each turn's kind by its cell. */
function learn(options: GameOptions, games: number, counts: Int32Array, tally: Map<string, number>): void {
  let seed = 0;
  for (let g = 0; g < games; g++) {
    let state: GameState = newGame(options, 71_000 + g);
    while (state.phase !== 'gameOver') {
      if (state.phase === 'roundOver') {
        state = applyMove(state, { type: 'nextRound' });
        continue;
      }
      const seat = state.current!;
      const view = viewFor(state, seat);
      // The free draw first (every level takes it), then the turn hard's search likes best, played whole.
      if (view.legalMoves.some((m) => m.type === 'draw')) {
        state = applyMove(state, { type: 'draw' });
        continue;
      }
      const { cell, plays, rules } = rolloutView(state, options.actionRule);
      const analysis = analyseTurn(view, seed++, hard);
      const kind = kindOf(analysis.best, plays, rules, state.hands[seat].length);
      const key =
        kind >= 0 ? KIND_NAMES[kind] : analysis.best.some((m) => m.type === 'pass') ? 'out' : 'other';
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (kind >= 0) counts[cell * POLICY_KINDS + kind]++;
      let next: GameState | null = state;
      for (const move of analysis.best) {
        try {
          next = applyMove(next, move);
        } catch {
          next = null;
          break;
        }
      }
      if (next && next.phase === 'turn' && next.current === seat) throw new Error('A turn left unfinished.');
      if (next) state = next;
      else {
        // The turn found under a guess is not legal as dealt (a 3's draw): the bot's own move instead.
        while (state.phase === 'turn' && state.current === seat)
          state = applyMove(state, chooseBotMove(viewFor(state, seat), seed++, hard));
      }
    }
  }
}

function speed(): void {
  const count = Number(args.get('playouts') ?? 100_000);
  const deals: GameState[] = [];
  for (const players of [2, 3, 4] as const)
    for (let d = 0; d < 20; d++)
      deals.push(newGame({ players, mode: 'advanced', actionRule: false }, 72_000 + d));
  for (const policy of ['mix', 'learned', 'mix', 'learned'] as const) {
    for (let i = 0; i < 20_000; i++) informedPlayout(deals[i % deals.length], i, undefined, false, policy);
    const end = { winner: -1, rule: 0, lo: 0, hi: 0, turns: 0 };
    let turns = 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      informedPlayout(deals[i % deals.length], 1_000_000 + i, end, false, policy);
      turns += end.turns;
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    console.log(
      JSON.stringify({
        workload: `rollout.${policy}`,
        playouts: count,
        seconds: +seconds.toFixed(3),
        playoutsPerSecond: Math.round(count / seconds),
        turnsPerPlayout: +(turns / count).toFixed(2),
        nsPerTurn: Math.round((seconds * 1e9) / turns),
      }),
    );
  }
}

if (args.get('speed') === '1') speed();
else {
  const counts = new Int32Array(POLICY_CELLS * POLICY_KINDS);
  const tally = new Map<string, number>();
  const games2 = Number(args.get('games2') ?? 100);
  const games3 = Number(args.get('games3') ?? 0);
  const games4 = Number(args.get('games4') ?? 0);
  const min = Number(args.get('min') ?? 30);
  learn({ players: 2, mode: 'advanced', actionRule: false }, games2, counts, tally);
  learn({ players: 3, mode: 'advanced', actionRule: true }, games3, counts, tally);
  learn({ players: 4, mode: 'advanced', actionRule: false }, games4, counts, tally);
  const rows: string[] = [];
  let kept = 0;
  for (let cell = 0; cell < POLICY_CELLS; cell++) {
    const row = Array.from(counts.subarray(cell * POLICY_KINDS, (cell + 1) * POLICY_KINDS));
    const seen = row.reduce((a, b) => a + b, 0);
    if (seen >= min) kept++;
    rows.push(`  ${(seen >= min ? row : row.map(() => 0)).join(', ')}, // cell ${cell}: seen ${seen}`);
  }
  console.log(
    JSON.stringify({
      workload: 'rollout-policy',
      games2,
      games3,
      games4,
      scale,
      cellsKept: kept,
      turns: Object.fromEntries(tally),
    }),
  );
  const table = [
    `// From hard's choices (scale ${scale}) in ${games2} 2-player Advanced, ${games3} 3-player Advanced + Action and`,
    `// ${games4} 4-player Advanced games between hard bots (deals 71,000 on); cells seen fewer than ${min} times: zeros.`,
    '// Each row: a cell (policyCell), the counts of kinds 0–6.',
    '// prettier-ignore',
    'export const LEARNED_TABLE: Int32Array = Int32Array.from([',
    ...rows,
    ']);',
  ].join('\n');
  if (args.get('write') === '1') {
    const file = fileURLToPath(new URL('../../shared/bots/rollout-policy.ts', import.meta.url));
    const text = readFileSync(file, 'utf8');
    const begin = text.indexOf('// BEGIN TABLE\n');
    const end = text.indexOf('// END TABLE');
    if (begin < 0 || end < 0) throw new Error('rollout-policy.ts has lost its table markers.');
    writeFileSync(file, text.slice(0, begin + '// BEGIN TABLE\n'.length) + table + '\n' + text.slice(end));
  } else console.log(table);
}
