import { ALL_CARDS } from '../engine/cards';
import { dealFromTop, type DealtCards } from '../engine/game';
import { seedState, shuffle } from '../engine/rng';
import type { CardId, GameState } from '../engine/types';
import type { PersonId } from './seating';

/**
 * Duplicate play: in a heat, every table of one size is dealt from the same seed, so the people in seat 1
 * at those tables held the same cards, and each is scored against the others who held them
 * (matchpoints, as in duplicate bridge: docs/evening.md says why). The seed comes from the evening's
 * secret and never leaves the host, like every game's.
 */
export function heatSeed(secret: number, heat: number, tableSize: number): number {
  return seedState((seedState(secret ^ Math.imul(heat, 0x9e3779b1)) + tableSize) >>> 0);
}

/**
 * Round `round` (from 1) of a heat's game, dealt alike at every table of its size: one order of all 49
 * cards per round, from the heat's seed, keeps only the cards the table still has in play (Advanced
 * scores cards away), then deals as the engine does (7 a hand from the top, then 1 a palette). Tables that
 * scored the same cards get the same deal; a round-1 deal is the same everywhere. Play it with the
 * engine's `dealGiven`.
 */
export function duplicateDeal(
  seed: number,
  round: number,
  players: number,
  scored: readonly CardId[],
): DealtCards {
  const gone = new Set(scored);
  const [order] = shuffle(ALL_CARDS, seedState((seed + Math.imul(round, 0x85ebca6b)) >>> 0));
  return dealFromTop(
    order.filter((card) => !gone.has(card)),
    players,
  );
}

/** One person's game in a heat: the seat whose cards they held, and how it went. */
export interface SeatResult {
  person: PersonId;
  /** The table's name in the heat (A, B, ...). */
  table: string;
  tableSize: number;
  /** 0-based: the seat's cards. */
  seat: number;
  /** 1 for the game's winner, then by how long each lasted (later out is better); shared when tied. */
  place: number;
  /** Points scored (Advanced), or 1 for the winner of a Basic game. */
  points: number;
  won: boolean;
}

/** The better of two results with the same cards: the better place, then more points. */
export function compareResults(a: SeatResult, b: SeatResult): number {
  return a.place - b.place || b.points - a.points;
}

/**
 * Each person's matchpoint share for one heat, 0 to 1: against every other person who held the same
 * seat's cards at a table of the same size, 1 for a better result, ½ for the same, 0 for worse, divided
 * by how many there were. Null when nobody else held those cards (one table of that size).
 */
export function matchpoints(heat: readonly SeatResult[]): Map<PersonId, number | null> {
  const groups = new Map<string, SeatResult[]>();
  for (const r of heat) {
    const key = `${r.tableSize}/${r.seat}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const share = new Map<PersonId, number | null>();
  for (const group of groups.values())
    for (const r of group) {
      if (group.length < 2) {
        share.set(r.person, null);
        continue;
      }
      let points = 0;
      for (const other of group) {
        if (other === r) continue;
        const c = compareResults(r, other);
        points += c < 0 ? 1 : c === 0 ? 0.5 : 0;
      }
      share.set(r.person, points / (group.length - 1));
    }
  return share;
}

/**
 * Each seat's result in a finished game: Advanced by the final scores (a shared place when tied), Basic
 * by how long each lasted (the winner first, the first one out last). `people[seat]` held that seat.
 */
export function seatResults(game: GameState, people: readonly PersonId[], table: string): SeatResult[] {
  if (game.phase !== 'gameOver') throw new RangeError('the game has not ended');
  const n = game.options.players;
  const won = (seat: number) => game.winners.includes(seat);
  let place: (seat: number) => number;
  if (game.options.mode === 'advanced') {
    place = (seat) => 1 + game.scores.filter((s) => s > game.scores[seat]).length;
  } else {
    const outOrder = game.log.flatMap((e) => (e.kind === 'out' ? [e.seat] : []));
    place = (seat) => (won(seat) ? 1 : n - outOrder.indexOf(seat));
  }
  return people.map((person, seat) => ({
    person,
    table,
    tableSize: n,
    seat,
    place: place(seat),
    points: game.options.mode === 'advanced' ? game.scores[seat] : won(seat) ? 1 : 0,
    won: won(seat),
  }));
}
