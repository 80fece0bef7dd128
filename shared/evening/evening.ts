import type { GameOptions } from '../engine/types';
import type { SeatResult } from './duplicate';
import { botsNeeded, meetings, seatHeat, tableSizes, type PersonId } from './seating';
import { standings, type Standing } from './standings';

/**
 * An evening as data, changed only by the functions below (each returns a new evening or throws an
 * EveningError with nothing changed): the host keeps it, logs each change before telling anyone, and
 * plays each heat's tables; every screen can read it. Bots have ids `bot:N` and no row in the standings.
 */

/** What the person who opens an evening chooses. Table size: `options.players` is set per table. */
export interface EveningSettings {
  name: string;
  game: Omit<GameOptions, 'players'>;
  /** The table size wanted; 2 to 4 are used when the count requires. */
  prefer: 3 | 4;
  heats: number;
}

export interface EveningPerson {
  id: PersonId;
  name: string;
  /** False once they left: not seated in later heats (they may come back). */
  present: boolean;
}

export interface HeatTable {
  /** A, B, C... in the heat. */
  name: string;
  /** Seat order: `people[0]` holds seat 1's cards. */
  people: PersonId[];
  /** Each seat's result once the table's game ended. */
  results: SeatResult[] | null;
}

export interface Heat {
  number: number;
  tables: HeatTable[];
}

export interface Evening {
  settings: EveningSettings;
  people: EveningPerson[];
  heats: Heat[];
}

export type EveningRefusal =
  'alreadyIn' | 'notIn' | 'heatInPlay' | 'noHeatsLeft' | 'noSuchTable' | 'alreadyRecorded' | 'wrongPeople';

export class EveningError extends Error {
  constructor(readonly code: EveningRefusal) {
    super(code);
    this.name = 'EveningError';
  }
}

export function openEvening(settings: EveningSettings): Evening {
  if (!Number.isInteger(settings.heats) || settings.heats < 1)
    throw new RangeError('an evening has at least one heat');
  return { settings, people: [], heats: [] };
}

/** Someone joins (or comes back): seated from the next heat on. */
export function joinEvening(e: Evening, id: PersonId, name: string): Evening {
  const known = e.people.find((p) => p.id === id);
  if (known?.present) throw new EveningError('alreadyIn');
  const person = { id, name, present: true };
  return { ...e, people: known ? e.people.map((p) => (p.id === id ? person : p)) : [...e.people, person] };
}

/** Someone leaves: a heat in play keeps their seat (the table's own rules cover an empty chair). */
export function leaveEvening(e: Evening, id: PersonId): Evening {
  if (!e.people.some((p) => p.id === id && p.present)) throw new EveningError('notIn');
  return { ...e, people: e.people.map((p) => (p.id === id ? { ...p, present: false } : p)) };
}

/** The heat being played: seated and not every table's result in. */
export const heatInPlay = (e: Evening): Heat | null => {
  const last = e.heats.at(-1);
  return last && last.tables.some((t) => t.results === null) ? last : null;
};

/** Every heat played and every result in. */
export const eveningOver = (e: Evening): boolean => e.heats.length === e.settings.heats && !heatInPlay(e);

export const eveningStandings = (e: Evening): Standing[] =>
  standings(
    e.heats.map((h) => h.tables.flatMap((t) => t.results ?? [])),
    e.people.map((p) => p.id),
  );

/**
 * Seats the next heat: everyone present, best standing first (joining order before any result), at
 * balanced tables, Swiss-style away from people already met; bots only when fewer than two are present.
 */
export function nextHeat(e: Evening): Evening {
  if (heatInPlay(e)) throw new EveningError('heatInPlay');
  if (e.heats.length >= e.settings.heats) throw new EveningError('noHeatsLeft');
  const present = new Set(e.people.filter((p) => p.present).map((p) => p.id));
  const ranked = eveningStandings(e)
    .map((s) => s.person)
    .filter((id) => present.has(id));
  // Before any result the standings sort by name; the first heat goes by who came first instead.
  const order = e.heats.length === 0 ? e.people.filter((p) => p.present).map((p) => p.id) : ranked;
  const seated = [...order, ...Array.from({ length: botsNeeded(order.length) }, (_, i) => `bot:${i + 1}`)];
  const played = e.heats.map((h) => h.tables.map((t) => t.people));
  const tables = seatHeat(seated, tableSizes(seated.length, e.settings.prefer), meetings(played));
  const heat: Heat = {
    number: e.heats.length + 1,
    tables: tables.map((people, i) => ({ name: String.fromCharCode(65 + i), people, results: null })),
  };
  return { ...e, heats: [...e.heats, heat] };
}

/** A table of the heat in play has ended: its results, one per seat, for the people seated there. */
export function recordTable(e: Evening, table: string, results: SeatResult[]): Evening {
  const heat = heatInPlay(e);
  const t = heat?.tables.find((x) => x.name === table);
  if (!heat || !t) throw new EveningError('noSuchTable');
  if (t.results) throw new EveningError('alreadyRecorded');
  const same =
    results.length === t.people.length &&
    results.every((r, seat) => r.person === t.people[seat] && r.seat === seat && r.table === table);
  if (!same) throw new EveningError('wrongPeople');
  const tables = heat.tables.map((x) => (x === t ? { ...x, results } : x));
  return { ...e, heats: [...e.heats.slice(0, -1), { ...heat, tables }] };
}

/**
 * May a table's deal (its hands, in the history or on the room screen) be shown? Only once every table
 * of the heat that was dealt the same cards (the same size) has ended: before that, a table that
 * finished first would tell a slower one what its opponents hold.
 */
export function dealMayBeShown(e: Evening, heatNumber: number, table: string): boolean {
  const heat = e.heats.find((h) => h.number === heatNumber);
  const t = heat?.tables.find((x) => x.name === table);
  if (!heat || !t) return false;
  return heat.tables.every((x) => x.people.length !== t.people.length || x.results !== null);
}
