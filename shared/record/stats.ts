import type { BotLevel } from '../bots/levels';
import { BOT_LEVEL_NAMES } from '../bots/levels';
import { COLORS } from '../engine';
import type { Color, GameState } from '../engine';
import type { GameRecord } from './format';
import { replayRecord } from './replay';

/** What the stats need of one finished game: small, so a host can keep it for every game it has. */
export interface GameFacts {
  id: string;
  finishedAt: string;
  players: number;
  variant: Variant;
  seats: { name: string; bot: BotLevel | null }[];
  winners: number[];
  rounds: RoundFacts[];
}

export interface RoundFacts {
  winner: number;
  /** The rule the round was won under. */
  rule: Color;
  /** What the winner scored (0 in Basic). */
  points: number;
  /** The first seat out of the round (null if nobody went out before the end). */
  firstOut: number | null;
  /** Every seat's score once the round was scored: points through the game. */
  scores: number[];
}

export const VARIANTS = ['basic', 'basic+action', 'advanced', 'advanced+action'] as const;
export type Variant = (typeof VARIANTS)[number];

export const variantOf = (o: { mode: 'basic' | 'advanced'; actionRule: boolean }): Variant =>
  `${o.mode}${o.actionRule ? '+action' : ''}` as Variant;

/** The facts of a game already replayed (the states replayRecord gave). */
export function factsOfReplay(record: GameRecord, final: GameState): GameFacts {
  const rounds: RoundFacts[] = [];
  let firstOut: number | null = null;
  for (const e of final.log) {
    if (e.kind === 'deal') firstOut = null;
    else if (e.kind === 'out') firstOut ??= e.seat;
    else if (e.kind === 'roundWon') {
      const before = rounds.length ? rounds[rounds.length - 1].scores : record.seats.map(() => 0);
      const scores = before.map((s, seat) => (seat === e.seat ? s + e.points : s));
      rounds.push({ winner: e.seat, rule: e.rule, points: e.points, firstOut, scores });
    }
  }
  return {
    id: record.id,
    finishedAt: record.finishedAt,
    players: record.options.players,
    variant: variantOf(record.options),
    seats: record.seats.map(({ name, bot }) => ({ name, bot })),
    winners: [...record.result.winners],
    rounds,
  };
}

/** A record's facts, or null when the record is refused (a host's archive holds only records that replay). */
export function gameFacts(record: unknown): GameFacts | null {
  const r = replayRecord(record);
  return r.ok ? factsOfReplay(r.record, r.steps[r.steps.length - 1].state) : null;
}

/** Games and wins. */
export interface Tally {
  games: number;
  won: number;
}

export interface HeadToHead {
  /** The other name as first seen, or a bot level. */
  against: string;
  bot: BotLevel | null;
  /** Games they both sat in. */
  games: number;
  /** Games this player won and the other did not. */
  won: number;
  /** Games the other won and this player did not. */
  lost: number;
}

export interface PlayerStats {
  name: string;
  games: number;
  won: number;
  byVariant: Partial<Record<Variant, Tally>>;
  byPlayers: Partial<Record<2 | 3 | 4, Tally>>;
  roundsPlayed: number;
  roundsWon: number;
  /** Points per round won, over the rounds of games that score (Advanced); null if none. */
  pointsPerWonRound: number | null;
  /** Rounds in which this player was the first out. */
  outFirst: number;
  /** The rule they won most rounds under (ties: the higher rule, red first); null if no round won. */
  favouriteRule: Color | null;
  rulesWon: Partial<Record<Color, number>>;
  headToHead: HeadToHead[];
  /** Games won after each of their games, in the order they finished: the evening's curve. */
  wonOverTime: { at: string; games: number; won: number }[];
}

/** Names compare as people read them: the same letters, whatever the case or the Unicode form. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** Red ranks highest: the engine's COLORS run from red down. */
const RULE_ORDER: readonly Color[] = COLORS;

/**
 * Stats per person's name (bots are opponents, counted by level), over games in any order; the players
 * come out most games first, then by name. Pure: the host and a test use the same one.
 */
export function playerStats(games: readonly GameFacts[]): PlayerStats[] {
  const sorted = [...games].sort(
    (a, b) => Date.parse(a.finishedAt) - Date.parse(b.finishedAt) || (a.id < b.id ? -1 : 1),
  );
  const byName = new Map<
    string,
    PlayerStats & { points: number; scoringRounds: number; h2h: Map<string, HeadToHead> }
  >();
  for (const g of sorted) {
    for (const [seat, s] of g.seats.entries()) {
      if (s.bot !== null) continue;
      const key = nameKey(s.name);
      let p = byName.get(key);
      if (!p) {
        p = {
          name: s.name,
          games: 0,
          won: 0,
          byVariant: {},
          byPlayers: {},
          roundsPlayed: 0,
          roundsWon: 0,
          pointsPerWonRound: null,
          outFirst: 0,
          favouriteRule: null,
          rulesWon: {},
          headToHead: [],
          wonOverTime: [],
          points: 0,
          scoringRounds: 0,
          h2h: new Map(),
        };
        byName.set(key, p);
      }
      const won = g.winners.includes(seat);
      p.games++;
      if (won) p.won++;
      tally(p.byVariant, g.variant, won);
      tally(p.byPlayers, g.players as 2 | 3 | 4, won);
      p.roundsPlayed += g.rounds.length;
      for (const r of g.rounds) {
        if (r.firstOut === seat) p.outFirst++;
        if (r.winner !== seat) continue;
        p.roundsWon++;
        p.rulesWon[r.rule] = (p.rulesWon[r.rule] ?? 0) + 1;
        if (g.variant.startsWith('advanced')) {
          p.points += r.points;
          p.scoringRounds++;
        }
      }
      p.wonOverTime.push({ at: g.finishedAt, games: p.games, won: p.won });
      // Each other seat once per game: a person by name, bots by level (two hard bots are one opponent).
      const others = new Map<string, { against: string; bot: BotLevel | null; won: boolean }>();
      for (const [o, other] of g.seats.entries()) {
        if (o === seat) continue;
        const k = other.bot === null ? `p:${nameKey(other.name)}` : `b:${other.bot}`;
        if (k === `p:${key}`) continue;
        const prev = others.get(k);
        const otherWon = g.winners.includes(o) || (prev?.won ?? false);
        others.set(k, { against: other.bot ?? other.name, bot: other.bot, won: otherWon });
      }
      for (const [k, o] of others) {
        let h = p.h2h.get(k);
        if (!h) p.h2h.set(k, (h = { against: o.against, bot: o.bot, games: 0, won: 0, lost: 0 }));
        h.games++;
        if (won && !o.won) h.won++;
        if (o.won && !won) h.lost++;
      }
    }
  }
  return [...byName.values()]
    .map(({ points, scoringRounds, h2h, ...p }) => ({
      ...p,
      pointsPerWonRound: scoringRounds ? Math.round((points / scoringRounds) * 10) / 10 : null,
      favouriteRule: favourite(p.rulesWon),
      headToHead: [...h2h.values()].sort(
        (a, b) =>
          Number(a.bot !== null) - Number(b.bot !== null) ||
          (a.bot && b.bot ? BOT_LEVEL_NAMES.indexOf(a.bot) - BOT_LEVEL_NAMES.indexOf(b.bot) : 0) ||
          b.games - a.games ||
          a.against.localeCompare(b.against),
      ),
    }))
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}

function tally<K extends string | number>(into: Partial<Record<K, Tally>>, key: K, won: boolean): void {
  const t = (into[key] ??= { games: 0, won: 0 });
  t.games++;
  if (won) t.won++;
}

function favourite(rules: Partial<Record<Color, number>>): Color | null {
  let best: Color | null = null;
  for (const c of RULE_ORDER) if ((rules[c] ?? 0) > (best ? rules[best]! : 0)) best = c;
  return best;
}

/** A win rate as a whole percentage (null with no games). */
export const winRate = (t: Tally | undefined): number | null =>
  t && t.games ? Math.round((t.won / t.games) * 100) : null;
