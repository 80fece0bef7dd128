import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EveningInfo, ServerMessage } from '../../../shared/protocol';
import { duplicateDeal, heatSeed } from '../../../shared/evening/duplicate';
import { replayRecord, type GameRecord } from '../../../shared/record';
import { sameJson } from '../../../shared/same-json';
import { TestClient } from './client';
import { playRandomly } from './play';

type EveningMessage = Extract<ServerMessage, { type: 'evening' }>;

/** One person of an evening, played by a scripted client: its connection and its evening token. */
export interface Person {
  name: string;
  client: TestClient;
  id: string;
  token: string;
}

/** The evening as the last `evening` frame to this client showed it. */
export const lastEvening = (c: TestClient): EveningInfo | null =>
  (c.inbox.findLast((m) => m.type === 'evening') as EveningMessage | undefined)?.evening ?? null;

/** Waits for an `evening` frame whose evening satisfies `ok`. */
export async function eveningWhere(c: TestClient, ok: (e: EveningInfo) => boolean, timeoutMs = 10_000) {
  const seen = lastEvening(c);
  if (seen && ok(seen)) return seen;
  const m = await c.next((x) => x.type === 'evening' && x.evening !== null && ok(x.evening), timeoutMs);
  return (m as EveningMessage).evening!;
}

/** A greeted client that opens (`settings` given) or joins the evening, with its person's token. */
export async function person(
  port: number,
  name: string,
  open?: Extract<Parameters<TestClient['send']>[0], { type: 'openEvening' }>['settings'],
): Promise<Person> {
  const client = await TestClient.greeted(port);
  client.send(open ? { type: 'openEvening', settings: open, player: name } : { type: 'joinEvening', name });
  const joined = await client.next('eveningJoined');
  return { name, client, id: joined.person, token: joined.token };
}

/** The person again on a new connection (after a restart), back in the evening with their token. */
export async function comeBack(port: number, p: Person): Promise<Person> {
  const client = await TestClient.greeted(port);
  client.send({ type: 'resumeEvening', token: p.token });
  await client.next('evening');
  return { ...p, client };
}

/** Each person present takes their seat in heat `heat` (the `resume` of the token the evening gave them). */
export async function takeSeats(people: Person[], heat: number): Promise<Map<string, TestClient[]>> {
  const tables = new Map<string, TestClient[]>();
  for (const p of people) {
    const e = await eveningWhere(p.client, (x) => x.you?.table?.heat === heat);
    const mine = e.you!.table!;
    p.client.send({ type: 'resume', token: mine.token });
    const joined = await p.client.next('joined');
    if (joined.seat !== mine.seat || joined.tableId !== mine.tableId) throw new Error('seated elsewhere');
    await p.client.next('view'); // the table's whole view (the one held may be an earlier heat's)
    tables.set(mine.tableId, [...(tables.get(mine.tableId) ?? []), p.client]);
  }
  return tables;
}

/** Every table plays random legal moves (each client its own seat) until `until` or its game's end. */
export async function playTables(
  tables: Map<string, TestClient[]>,
  random: () => number,
  until?: (moveCount: number) => boolean,
  paceMs = 0,
): Promise<void> {
  await Promise.all([...tables.values()].map((clients) => playRandomly(clients, random, until, paceMs)));
}

/**
 * Whether every round of a record was dealt as the evening deals (`duplicateDeal` from its heat's seed,
 * less the cards scored before it): the host's secret read from its data folder, as only the host knows it.
 */
export function dealtDuplicate(record: GameRecord, secret: number): boolean {
  const replayed = replayRecord(record);
  if (!replayed.ok) throw new Error(replayed.reason);
  const seed = heatSeed(secret, record.evening!.heat, record.options.players);
  return replayed.steps
    .filter((step) => step.index === -1)
    .every((step) => {
      const deal = duplicateDeal(seed, step.round, record.options.players, step.state.scored.flat());
      const { hands, palettes, deck } = step.state;
      return sameJson(deal, { hands, palettes, deck });
    });
}

/** The host's records of the evening's games, from its data folder (what no client may see early). */
export function eveningRecords(dataDir: string): GameRecord[] {
  const dir = join(dataDir, 'history');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GameRecord)
    .filter((r) => r.evening);
}
