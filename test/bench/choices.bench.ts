// What a level's turns tell of its hand: seeded games between bots of one level, each turn looked at with
// the true hand it was chosen from. For the turns that spent one card where the hand held two or more
// one-card turns that kept the seat in, where the card chosen stood among them (lowest to highest rank):
// if a level chose the lowest, the card it played would say which cards it lacks; near 1/m each, it says
// little. Also how the kind of turn (a play, a discard, both) follows from how many plays (P) and discards
// (D) alone would have kept the seat in: what reading.ts weighs.
//   npm run bench -- choices [games=N] [players=P] [action=0|1] [level=normal|hard] [scale=S]
import { applyMove, cardRank, newGame, ruleOf, viewFor } from '../../shared/engine';
import type { CardId, GameState, LogEntry } from '../../shared/engine';
import { RULE_INDEX, maskHi, maskLo, scoreMasks } from '../../shared/engine/score';
import { chooseBotMove, scaledLevel } from '../../shared/bots';
import { benchSettings } from './settings';

const args = benchSettings();
const games = Number(args.get('games') ?? 10);
const players = Number(args.get('players') ?? 2) as 2 | 3 | 4;
const action = args.get('action') === '1';
const level = args.get('level') === 'hard' ? 'hard' : 'normal';
const scale = Number(args.get('scale') ?? 0.25);
const ruleOfRank = (rank: number): number => 6 - (rank % 7);

const counts = new Map<string, Map<string, number>>();
const count = (what: string, outcome: string) => {
  const m = counts.get(what) ?? new Map<string, number>();
  m.set(outcome, (m.get(outcome) ?? 0) + 1);
  counts.set(what, m);
};

/** The seat's one-card turns that keep it in, from `start`: the cards a play alone and a discard alone lead with. */
function oneCardTurns(start: GameState, seat: number): { plays: number[]; discards: number[] } {
  const rule = RULE_INDEX[ruleOf(start)];
  const masks = start.palettes.map((p) => {
    let lo = 0;
    let hi = 0;
    for (const c of p) {
      lo |= maskLo(cardRank(c));
      hi |= maskHi(cardRank(c));
    }
    return [lo, hi];
  });
  const best = Array.from({ length: 7 }, (_, r) =>
    Math.max(
      0,
      ...masks.filter((_, q) => q !== seat && !start.out[q]).map(([lo, hi]) => scoreMasks(lo, hi, r)),
    ),
  );
  const [lo, hi] = masks[seat];
  const hand = start.hands[seat].map(cardRank).sort((a, b) => a - b);
  return {
    plays: hand.filter((c) => scoreMasks(lo | maskLo(c), hi | maskHi(c), rule) > best[rule]),
    discards: hand.filter(
      (c) => ruleOfRank(c) !== rule && scoreMasks(lo, hi, ruleOfRank(c)) > best[ruleOfRank(c)],
    ),
  };
}

const atMost2 = (k: number): string => (k >= 2 ? '2+' : String(k));
const place = (i: number, m: number): string =>
  i < 0 ? 'not one of them' : i === 0 ? 'lowest' : i === m - 1 ? 'highest' : 'between';
const cardsOf = (entries: LogEntry[], kind: 'play' | 'discard'): CardId[] =>
  entries.flatMap((e) => (e.kind === kind ? [e.card] : []));

let n = 0;
for (let g = 0; g < games; g++) {
  let state: GameState = newGame({ players, mode: 'advanced', actionRule: action }, 55_000 + g);
  while (state.phase !== 'gameOver') {
    if (state.phase === 'roundOver') {
      state = applyMove(state, { type: 'nextRound' });
      continue;
    }
    const seat = state.current!;
    const start = state;
    const from = state.log.length;
    while (state.phase === 'turn' && state.current === seat) {
      const how = level === 'hard' ? scaledLevel('hard', scale) : 'normal';
      state = applyMove(state, chooseBotMove(viewFor(state, seat), n++, how));
    }
    const mine = state.log.slice(from).filter((e) => 'seat' in e && e.seat === seat);
    const played = cardsOf(mine, 'play');
    const discarded = cardsOf(mine, 'discard');
    const { plays, discards } = oneCardTurns(start, seat);
    const kind =
      played.length + discarded.length === 0
        ? 'neither'
        : discarded.length === 0
          ? played.length === 1
            ? 'play'
            : 'plays'
          : played.length === 0
            ? 'discard'
            : 'play and discard';
    count(`kind of turn, P=${atMost2(plays.length)} D=${atMost2(discards.length)}`, kind);
    if (kind === 'play' && plays.length >= 2) {
      const m = Math.min(plays.length, 4);
      count(
        `card played among m=${m}${m === 4 ? '+' : ''} one-card plays`,
        place(plays.indexOf(cardRank(played[0])), plays.length),
      );
    }
    if (kind === 'discard' && discards.length >= 2) {
      const m = Math.min(discards.length, 4);
      count(
        `card discarded among m=${m}${m === 4 ? '+' : ''} one-card discards`,
        place(discards.indexOf(cardRank(discarded[0])), discards.length),
      );
    }
  }
}
for (const [what, outcomes] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
  const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries(
    [...outcomes].map(([o, k]) => [o, Math.round((k / total) * 1000) / 1000]),
  );
  console.log(
    JSON.stringify({
      workload: `choices.${level}.${players}p${action ? '-action' : ''}`,
      what,
      turns: total,
      shares,
    }),
  );
}
