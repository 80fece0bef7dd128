import type { SeatInfo, TableInfo, TableSummary } from '../../shared/protocol';
import { matchEntries } from './match';
import type { HostedTable, Presence } from './hosted-table';

/** What the lobby shows of a table (and GET /api/tables serves). */
export function tableSummary(table: HostedTable, spectators: number): TableSummary {
  const { options } = table;
  return {
    id: table.id,
    name: table.name,
    players: table.seats.filter((s) => s.name !== null).length,
    seats: options.players,
    state: table.status,
    mode: options.mode,
    actionRule: options.actionRule,
    rulesVersion: options.rulesVersion,
    spectators,
    locked: table.control.locked,
    watchers: table.control.watchers,
    hasCode: table.control.hasCode,
    match: matchEntries(table.seats, table.wins),
    ...(table.evening ? { evening: table.evening } : {}),
  };
}

/** The level (and a hard bot's think time) of the bot playing `seat`; nulls when no bot plays it. */
function botOf(table: HostedTable, seat: number): Pick<SeatInfo, 'botLevel' | 'botThink'> {
  if (!table.seats[seat].bot) return { botLevel: null, botThink: null };
  const botLevel = table.botLevelAt(seat);
  return { botLevel, botThink: botLevel === 'hard' ? table.botThinkAt(seat) : null };
}

/**
 * The table as everyone at it sees it: seats, who is connected, away and watching, votes to remove, for
 * the next round and to play again, the match, and the host's clock (every screen counts from it). Never a
 * token.
 */
export function tableInfo(
  table: HostedTable,
  spectators: number,
  watching: string[],
  connected: Presence,
  now: number,
): TableInfo {
  const seatList: SeatInfo[] = table.seats.map((s, seat) => {
    const { seating } = table;
    const away = seating.awaySince(seat);
    return {
      seat,
      name: s.name,
      connected: connected(seat),
      bot: s.bot,
      standIn: s.standIn,
      // An evening's table has no creator (its seats and its one game are the evening's): no seat may be
      // shown the creator's controls, which the host refuses there anyway.
      creator: seat === seating.creator && !table.evening,
      votedOut: s.votedOut,
      person: seating.isPerson(seat),
      away: seating.isPerson(seat) && !connected(seat),
      awayMs: away === null ? null : Math.max(0, now - away),
      awaySince: away,
      votes: seating.votesAgainst(seat),
      ...botOf(table, seat),
    };
  });
  return {
    ...tableSummary(table, spectators),
    options: {
      ...table.options,
      botLevel: table.botLevel,
      botPace: table.botPace,
      botThink: table.botThink,
      hints: table.hints,
      turnClock: table.turnClock.seconds,
      clockExpiry: table.turnClock.expiry,
    },
    seatList,
    awayGraceMs: table.seating.awayGraceMs,
    turnClock: table.turnClock.info(now),
    game: table.game,
    rematch: table.rematchAskedBy(),
    nextRoundReady: table.nextRoundReadyBy(),
    watching,
    hostNow: now,
  };
}
