// The bot ladder, in duplicate format: every deal is played once per seat arrangement (2 players: seats
// swapped; 3 players: the focus player in each seat), so the cards dealt weigh the same on both sides.
// Prints one JSON line per pairing: games, the focus player's win rate with its Wilson 95 % interval, the
// same for rounds, and decision times per player (p50/p99/max), wall clock and CPU.
//   npm run bench -- bots [games=N] [first=K] [scale=S] [workers=W] [only=name,name] [hard={json}] [try={json}]
//   npm run bench -- bots only=strength/ games=N: the strength table of docs/bots.md (every level, 2–4 players)
// games: deals per pairing (each played 2 or 3 times), numbered from first (default 0, so runs can add deals); scale: multiplies hard's iterations (easy and normal
// keep their budgets; the all-seeing player's too), to measure hard's strength against its think time; workers: threads playing games in
// parallel (default 2, this machine's cores); hard: settings laid over hard's own (e.g. hard={"reward":"round"}),
// to measure one of its ideas against the level as it is; try: settings for the hard-try pairings only, which
// play the same deals as hard's (e.g. only=hard-vs-normal,hard-try-vs-normal try={"match":"seats"}).
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { applyMove, newGame, viewFor } from '../../shared/engine';
import type { GameOptions, GameState, Move, SeatView } from '../../shared/engine';
import { chooseBotMove, scaledLevel } from '../../shared/bots';
import type { BotLevel, BotOptions, IsmctsOptions } from '../../shared/bots';
import { yardstickMove } from './yardstick';
import { ALL_SEEING_TODAY, allSeeingMove, allSeeingSolverMove } from './all-seeing';
import { benchSettings } from './settings';

/**
 * 'hard-reading': hard weighing its guesses by the opponents' turns (reading.ts), beside hard as it is;
 * 'hard-try': hard with the `try` settings laid over it, on the same deals as hard, to compare an idea
 * with the level in one run.
 */
type Player =
  | BotLevel
  | 'hard-reading'
  | 'hard-try'
  | 'yardstick'
  | 'all-seeing'
  | 'all-seeing-today'
  | 'all-seeing-solver';
interface Pairing {
  name: string;
  options: GameOptions;
  /** The player measured, against `others` in the remaining seats. */
  focus: Player;
  others: Player;
}
interface Job {
  pairing: number;
  deal: number;
  /** The focus player's seat. */
  seat: number;
  scale: number;
  hard: Partial<IsmctsOptions>;
  try: Partial<IsmctsOptions>;
}
interface Result {
  job: Job;
  /** The focus player's share of the game win (1, or 1/k for a k-way tie, or 0). */
  win: number;
  rounds: number;
  roundsWon: number;
  /** Milliseconds per decision that needed thought, by player: wall clock, and this thread's CPU time. */
  times: Partial<Record<Player, number[]>>;
  cpu: Partial<Record<Player, number[]>>;
}

const ADV2: GameOptions = { players: 2, mode: 'advanced', actionRule: false };
const BASIC2: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const ADV3_ACTION: GameOptions = { players: 3, mode: 'advanced', actionRule: true };
const ADV4: GameOptions = { players: 4, mode: 'advanced', actionRule: false };
const LEVELS_PAIRINGS: Pairing[] = [
  { name: '2p-advanced.hard-vs-normal', options: ADV2, focus: 'hard', others: 'normal' },
  { name: '3p-advanced-action.hard-vs-2-normal', options: ADV3_ACTION, focus: 'hard', others: 'normal' },
  {
    name: '4p-advanced.hard-vs-3-normal',
    options: ADV4,
    focus: 'hard',
    others: 'normal',
  },
  {
    name: '4p-advanced-action.hard-vs-3-normal',
    options: { players: 4, mode: 'advanced', actionRule: true },
    focus: 'hard',
    others: 'normal',
  },
  // The all-seeing player (all-seeing.ts): what hard would win if it read the hidden hands perfectly.
  { name: '2p-advanced.hard-vs-all-seeing', options: ADV2, focus: 'hard', others: 'all-seeing' },
  { name: '2p-advanced.all-seeing-vs-normal', options: ADV2, focus: 'all-seeing', others: 'normal' },
  {
    name: '2p-advanced.hard-reading-vs-all-seeing',
    options: ADV2,
    focus: 'hard-reading',
    others: 'all-seeing',
  },
  { name: '2p-advanced.hard-reading-vs-normal', options: ADV2, focus: 'hard-reading', others: 'normal' },
  {
    name: '3p-advanced-action.hard-reading-vs-2-normal',
    options: ADV3_ACTION,
    focus: 'hard-reading',
    others: 'normal',
  },
  {
    name: '3p-advanced-action.hard-vs-2-all-seeing',
    options: ADV3_ACTION,
    focus: 'hard',
    others: 'all-seeing',
  },
  {
    name: '3p-advanced-action.all-seeing-vs-2-normal',
    options: ADV3_ACTION,
    focus: 'all-seeing',
    others: 'normal',
  },
  // What knowing every hand is worth against three normals: the most any search of this kind could win.
  {
    name: '4p-advanced.all-seeing-today-vs-3-normal',
    options: ADV4,
    focus: 'all-seeing-today',
    others: 'normal',
  },
  // Today's hard search given the true cards (the pinned yardstick's rollouts have no card actions).
  {
    name: '3p-advanced-action.all-seeing-today-vs-2-normal',
    options: ADV3_ACTION,
    focus: 'all-seeing-today',
    others: 'normal',
  },
  {
    name: '3p-advanced-action.hard-vs-2-all-seeing-today',
    options: ADV3_ACTION,
    focus: 'hard',
    others: 'all-seeing-today',
  },
  { name: '2p-basic.hard-vs-normal', options: BASIC2, focus: 'hard', others: 'normal' },
  // 2-player Basic draws no card: the all-seeing player with the exact solver in front (all-seeing.ts) is
  // the strongest yardstick there is; against today's all-seeing search, what the solver adds to it.
  { name: '2p-basic.hard-vs-all-seeing-today', options: BASIC2, focus: 'hard', others: 'all-seeing-today' },
  { name: '2p-basic.hard-vs-all-seeing-solver', options: BASIC2, focus: 'hard', others: 'all-seeing-solver' },
  {
    name: '2p-basic.all-seeing-solver-vs-all-seeing-today',
    options: BASIC2,
    focus: 'all-seeing-solver',
    others: 'all-seeing-today',
  },
  { name: '2p-advanced.normal-vs-easy', options: ADV2, focus: 'normal', others: 'easy' },
  ...(['hard', 'normal', 'easy'] as const).map((level) => ({
    name: `2p-advanced.${level}-vs-yardstick`,
    options: ADV2,
    focus: level,
    others: 'yardstick' as const,
  })),
];
/**
 * The published strength table (docs/bots.md "Strength"): each level against each lower one and hard against
 * the all-seeing player, in 2, 3 and 4 players, Basic and Advanced (no card actions), the measured player in
 * every seat in turn against the others all of one level. Named apart (`strength/…`), so that `only=` with
 * another pairing's name never picks one of these.
 */
const STRENGTH_PAIRINGS: Pairing[] = ([2, 3, 4] as const).flatMap((players) =>
  (['basic', 'advanced'] as const).flatMap((mode) =>
    (
      [
        ['normal', 'easy'],
        ['hard', 'easy'],
        ['hard', 'normal'],
        // Hard's own search given the true hands: the gap is what hard's guesses of the hidden cards cost.
        ['hard', 'all-seeing-today'],
      ] as const
    ).map(([focus, others]) => ({
      name: `strength/${players}p-${mode}/${focus}-vs-${players - 1}-${others.replace('-today', '')}`,
      options: { players, mode, actionRule: false },
      focus,
      others,
    })),
  ),
);
/** Hard's pairings but Basic's and the yardstick's, with hard-try in hard's seat: the same deals, so an idea
 * (try={json}) is measured against the level in one run. */
const PAIRINGS: Pairing[] = [
  ...LEVELS_PAIRINGS,
  ...LEVELS_PAIRINGS.filter(
    (p) => p.focus === 'hard' && p.others !== 'yardstick' && p.options.mode !== 'basic',
  ).map((p) => ({ ...p, name: p.name.replace('.hard-vs-', '.hard-try-vs-'), focus: 'hard-try' as const })),
  // An idea head to head against the level as it is: far fewer games tell a difference than against normal,
  // which both beat most of the time.
  { name: '2p-advanced.hard-try-vs-hard', options: ADV2, focus: 'hard-try', others: 'hard' },
  {
    name: '4p-advanced.hard-try-vs-3-hard',
    options: ADV4,
    focus: 'hard-try',
    others: 'hard',
  },
  ...STRENGTH_PAIRINGS,
];

function decide(player: Player, state: GameState, view: SeatView, seed: number, job: Job): Move {
  if (player === 'yardstick') return yardstickMove(view);
  if (player === 'all-seeing') return allSeeingMove(state, seed, job.scale);
  if (player === 'all-seeing-today') return allSeeingMove(state, seed, job.scale, ALL_SEEING_TODAY);
  if (player === 'all-seeing-solver') return allSeeingSolverMove(state, seed, job.scale);
  if (player !== 'hard' && player !== 'hard-reading' && player !== 'hard-try')
    return chooseBotMove(view, seed, player);
  const idea = player === 'hard-reading' ? { reading: 'turns' } : player === 'hard-try' ? job.try : {};
  return chooseBotMove(view, seed, {
    ...scaledLevel('hard', job.scale),
    ...job.hard,
    ...idea,
  } as BotOptions);
}

function playJob(job: Job): Result {
  const pairing = PAIRINGS[job.pairing];
  let state: GameState = newGame(pairing.options, 90_000 + job.deal);
  const times: Result['times'] = {};
  const cpu: Result['cpu'] = {};
  let n = 0;
  while (state.phase !== 'gameOver') {
    // Between rounds the table deals (the ready vote), not a bot.
    if (state.phase === 'roundOver') {
      state = applyMove(state, { type: 'nextRound' });
      continue;
    }
    const seat = state.current!;
    const player = seat === job.seat ? pairing.focus : pairing.others;
    const view = viewFor(state, seat);
    const start = performance.now();
    const cpuStart = process.threadCpuUsage();
    const move = decide(player, state, view, job.deal * 10_007 + n, job);
    const ms = performance.now() - start;
    const used = process.threadCpuUsage(cpuStart);
    if (view.legalMoves.length > 1) {
      (times[player] ??= []).push(ms);
      (cpu[player] ??= []).push((used.user + used.system) / 1000);
    }
    state = applyMove(state, move);
    n++;
  }
  const rounds = state.log.filter((e) => e.kind === 'roundWon');
  const win = state.winners.includes(job.seat) ? 1 / state.winners.length : 0;
  return {
    job,
    win,
    rounds: rounds.length,
    roundsWon: rounds.filter((e) => e.kind === 'roundWon' && e.seat === job.seat).length,
    times,
    cpu,
  };
}

/** Wilson score interval at 95 %. */
function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const denominator = 1 + (z * z) / n;
  return [(centre - spread) / denominator, (centre + spread) / denominator];
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;
function quantiles(values: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: +at(0.5).toFixed(1), p99: +at(0.99).toFixed(1), max: +at(1).toFixed(1) };
}

function summary(
  pairing: Pairing,
  results: Result[],
  scale: number,
  deals: number,
  first: number,
): Record<string, unknown> {
  const games = results.length;
  const wins = results.reduce((sum, r) => sum + r.win, 0);
  const rounds = results.reduce((sum, r) => sum + r.rounds, 0);
  const roundsWon = results.reduce((sum, r) => sum + r.roundsWon, 0);
  const times: Record<string, ReturnType<typeof quantiles>> = {};
  const cpu: Record<string, ReturnType<typeof quantiles>> = {};
  for (const player of new Set([pairing.focus, pairing.others])) {
    times[player] = quantiles(results.flatMap((r) => r.times[player] ?? []));
    cpu[player] = quantiles(results.flatMap((r) => r.cpu[player] ?? []));
  }
  const [lo, hi] = wilson(wins, games);
  const [rlo, rhi] = wilson(roundsWon, rounds);
  return {
    workload: `bots.${pairing.name}`,
    hardScale: scale,
    ...(Object.keys(results[0]?.job.hard ?? {}).length > 0 ? { hardSettings: results[0].job.hard } : {}),
    ...(pairing.focus === 'hard-try' ? { trySettings: results[0]?.job.try ?? {} } : {}),
    deals,
    firstDeal: first,
    games,
    gameWinRate: round3(wins / games),
    gameWilson95: [round3(lo), round3(hi)],
    chance: round3(1 / pairing.options.players),
    rounds,
    roundWinRate: round3(roundsWon / rounds),
    roundWilson95: [round3(rlo), round3(rhi)],
    decisionMs: times,
    // CPU time is what a decision costs whatever else the machine is doing (wall time grows with its load).
    decisionCpuMs: cpu,
  };
}

async function main(): Promise<void> {
  const args = benchSettings();
  const deals = Number(args.get('games') ?? 20);
  const first = Number(args.get('first') ?? 0);
  const scale = Number(args.get('scale') ?? 1);
  const workers = Number(args.get('workers') ?? 2);
  const only = args.get('only')?.split(',');
  const hard = JSON.parse(args.get('hard') ?? '{}') as Partial<IsmctsOptions>;
  const idea = JSON.parse(args.get('try') ?? '{}') as Partial<IsmctsOptions>;
  const chosen = PAIRINGS.map((p, i) => ({ p, i })).filter(
    ({ p }) => !only || only.some((o) => p.name.includes(o)),
  );
  // Deal by deal, every pairing in turn: a run stopped early (SIGTERM or SIGINT: it prints what it has) has
  // played the same deals in every pairing.
  const jobs: Job[] = [];
  for (let deal = first; deal < first + deals; deal++)
    for (const { p, i } of chosen)
      for (let seat = 0; seat < p.options.players; seat++)
        jobs.push({ pairing: i, deal, seat, scale, hard, try: idea });
  const results: Result[] = [];
  const report = () => {
    for (const { p, i } of chosen) {
      const done = results.filter((r) => r.job.pairing === i);
      const dealsDone = new Set(done.map((r) => r.job.deal)).size;
      console.log(JSON.stringify(summary(p, done, scale, dealsDone, first)));
    }
  };
  const stopEarly = () => {
    // Only whole deals (every seat arrangement played) count.
    const whole = new Set(
      jobs
        .map((j) => j.deal)
        .filter((deal) =>
          jobs
            .filter((j) => j.deal === deal)
            .every((j) =>
              results.some(
                (r) => r.job.pairing === j.pairing && r.job.deal === deal && r.job.seat === j.seat,
              ),
            ),
        ),
    );
    results.splice(0, results.length, ...results.filter((r) => whole.has(r.job.deal)));
    report();
    process.exit(0);
  };
  process.once('SIGTERM', stopEarly);
  process.once('SIGINT', stopEarly);
  const script = fileURLToPath(import.meta.url);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, workers) }, async () => {
      const worker = new Worker(script, { execArgv: process.execArgv });
      try {
        while (next < jobs.length) {
          const job = jobs[next++];
          const result = await new Promise<Result>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.postMessage(job);
          });
          results.push(result);
          // One line per game on stderr: how far a long run is.
          console.error(
            JSON.stringify({
              pairing: PAIRINGS[job.pairing].name,
              deal: job.deal,
              seat: job.seat,
              win: result.win,
            }),
          );
          worker.removeAllListeners('error');
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  report();
}

if (isMainThread) await main();
else parentPort!.on('message', (job: Job) => parentPort!.postMessage(playJob(job)));
