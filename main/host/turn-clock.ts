import type { GameState } from '../../shared/engine';
import type { ClockExpiry, TurnClockInfo, TurnClockSeconds } from '../../shared/protocol';
import { DEFAULT_CLOCK_EXPIRY, DEFAULT_TURN_CLOCK } from '../../shared/protocol';
import { TableError } from './errors';

/**
 * A player coming back to a paused clock (a dropped connection, a host restart) gets at least this much:
 * never an expiry the moment they are back, and the ten-second cue still sounds.
 */
export const RESUME_FLOOR_MS = 10_000;

/** One timed turn as the snapshot keeps it. */
export interface TimedTurn {
  /** The game at the table (1 for the first) and the move count its turn began at: the turn's identity. */
  game: number;
  since: number;
  seat: number;
  /** Running: when it runs out (host ms); null while paused or once expired. */
  endsAt: number | null;
  /** While paused: the time left. */
  leftMs: number;
  expired: boolean;
  botTurn: boolean;
}

/** The clock's part of a table's record: the option and the turn being timed. */
export interface ClockRecord {
  seconds: TurnClockSeconds;
  expiry: ClockExpiry;
  turn: TimedTurn | null;
}

export const noClock = (): ClockRecord => ({
  seconds: DEFAULT_TURN_CLOCK,
  expiry: DEFAULT_CLOCK_EXPIRY,
  turn: null,
});

/** What the clock follows of its table after each change. */
export interface ClockFacts {
  game: number;
  state: GameState | null;
  /** A person holds the seat (bots, stand-ins and voted-out seats are never timed). */
  isPerson(seat: number): boolean;
  connected(seat: number): boolean;
}

/** The turn now being played: whose, and the move count it began at (its `turn` log entry). */
function turnNow(state: GameState | null): { seat: number; since: number } | null {
  if (state === null || state.phase !== 'turn' || state.current === null) return null;
  const opened = state.log.findLast((e) => e.kind === 'turn');
  return opened?.kind === 'turn' ? { seat: state.current, since: opened.moveCount } : null;
}

/**
 * A table's turn clock, without timers of its own (the room sets the one for the expiry): it follows the
 * table after each change. A person's turn starts it with the whole time; it runs while they are
 * connected, waits (paused, keeping what is left) while they are away, and stops when the turn is taken.
 * Between rounds and after the game nobody is timed. Expired, nobody loses: the others may ask a bot to
 * play that one turn (with expiry 'bot' it does at once); the player may still play until then.
 */
export class TurnClock {
  readonly seconds: TurnClockSeconds;
  readonly expiry: ClockExpiry;
  private turn: TimedTurn | null;

  /**
   * `saved`: the record's clock. A turn that was running when it was saved counts on from its end time
   * (a quick restart costs the player its downtime only), then waits for its player like any away person's.
   */
  constructor(
    saved: ClockRecord,
    now: number,
    /** How long one second of the clock lasts (1000; tests shorten it). */
    private readonly secondMs = 1000,
  ) {
    this.seconds = saved.seconds;
    this.expiry = saved.expiry;
    const t = saved.turn;
    this.turn =
      t && t.endsAt !== null ? { ...t, endsAt: null, leftMs: Math.max(0, t.endsAt - now) } : t && { ...t };
  }

  get totalMs(): number {
    return this.seconds * this.secondMs;
  }

  record(): ClockRecord {
    return { seconds: this.seconds, expiry: this.expiry, turn: this.turn && { ...this.turn } };
  }

  /**
   * After any change at the table: starts, pauses, resumes or stops the clock as the game and the player's
   * connection now are, and marks it expired once its time is up. Returns whether anything changed.
   */
  follow(facts: ClockFacts, now: number): boolean {
    const before = JSON.stringify(this.turn);
    const cur = this.seconds === 0 ? null : turnNow(facts.state);
    if (cur === null || !facts.isPerson(cur.seat)) {
      this.turn = null;
    } else {
      const t = this.turn;
      const same = t && t.game === facts.game && t.since === cur.since && t.seat === cur.seat;
      const here = facts.connected(cur.seat);
      if (!t || !same) {
        this.turn = {
          game: facts.game,
          ...cur,
          endsAt: here ? now + this.totalMs : null,
          leftMs: this.totalMs,
          expired: false,
          botTurn: false,
        };
      } else if (!t.expired && here && t.endsAt === null) {
        t.endsAt = now + Math.max(t.leftMs, Math.min(RESUME_FLOOR_MS, this.totalMs));
      } else if (!t.expired && !here && t.endsAt !== null) {
        t.leftMs = Math.max(0, t.endsAt - now);
        t.endsAt = null;
      }
      this.expireIfDue(now);
    }
    return JSON.stringify(this.turn) !== before;
  }

  /** Ms until the running clock runs out (0: now); null when none runs. */
  dueInMs(now: number): number | null {
    const t = this.turn;
    return t && !t.expired && t.endsAt !== null ? Math.max(0, t.endsAt - now) : null;
  }

  private expireIfDue(now: number): void {
    const t = this.turn;
    if (!t || t.expired || t.endsAt === null || now < t.endsAt) return;
    Object.assign(t, { expired: true, endsAt: null, leftMs: 0, botTurn: this.expiry === 'bot' });
  }

  /** The seat whose turn a bot plays now for its timed-out person (at the game's current turn), if any. */
  botSeat(game: number, state: GameState | null): number | null {
    const t = this.turn;
    const cur = turnNow(state);
    if (!t?.botTurn || !cur || t.game !== game || t.since !== cur.since || t.seat !== cur.seat) return null;
    return t.seat;
  }

  /**
   * `by` (a seated, connected person, checked by the caller) asks that a bot play `seat`'s timed-out
   * turn. Refused unless `seat` is another player whose time ran out and no bot plays it yet.
   */
  askBot(by: number, seat: number): void {
    const t = this.turn;
    if (!t || t.seat !== seat)
      throw new TableError('badSeat', `seat ${seat} is not the player whose turn is timed`);
    if (seat === by) throw new TableError('badSeat', 'it is your own turn: play it');
    if (!t.expired)
      throw new TableError('notTimedOut', `seat ${seat} still has time: a bot may play once it runs out`);
    if (t.botTurn) throw new TableError('notTimedOut', `a bot already plays seat ${seat}'s turn`);
    t.botTurn = true;
  }

  /** What every screen is told (`TableInfo.turnClock`). */
  info(now: number): TurnClockInfo | null {
    const t = this.turn;
    if (!t) return null;
    return {
      seat: t.seat,
      endsAt: t.endsAt,
      leftMs: t.endsAt === null ? t.leftMs : Math.max(0, t.endsAt - now),
      totalMs: this.totalMs,
      paused: !t.expired && t.endsAt === null,
      expired: t.expired,
      botTurn: t.botTurn,
    };
  }
}
