import { IllegalMoveError, applyMove, newGame } from '../../shared/engine';
import type { GameState, Move, NormalizedOptions } from '../../shared/engine';
import type { BotLevel } from '../../shared/bots/levels';
import type { BotPace, TableSummary } from '../../shared/protocol';
import { Absences } from './absences';
import { TableError } from './errors';
import { tallyWin } from './match';
import { botName, emptySeat, newTableRecord } from './table-record';
import type { AcceptedMove, NewTable, SeatRecord, TableRecord } from './table-record';

/** Whether a person's socket is attached to the seat now. The room that holds the table knows; the rules ask. */
export type Presence = (seat: number) => boolean;

/**
 * A table's rules of seating and play, without any I/O: each method checks who may do what, changes the
 * record, or throws a TableError. Who is connected is the room's to know: rules that depend on it are
 * given a `Presence`.
 */
export class Table {
  readonly id: string;
  name: string;
  readonly options: NormalizedOptions;
  readonly botLevel: BotLevel;
  readonly botPace: BotPace;
  readonly hints: boolean;
  creator: number;
  readonly seats: SeatRecord[];
  game: number;
  state: GameState | null;
  readonly createdAt: number;
  /** Games won per seat across rematches. */
  wins: number[];
  /** Runtime: after a game, the seats whose people asked for a rematch. */
  readonly rematchVotes = new Set<number>();
  /** Runtime: who is away, since when, and the votes to remove them. */
  readonly away: Absences;
  /** When someone was last at or acted at the table, for idle removal and the table cap. */
  lastAttended: number;

  constructor(record: TableRecord, now: number, awayGraceMs: number) {
    this.id = record.id;
    this.name = record.name;
    this.options = record.options;
    this.botLevel = record.botLevel;
    this.botPace = record.botPace;
    this.hints = record.hints;
    this.creator = record.creator;
    this.seats = record.seats;
    this.game = record.game;
    this.state = record.state;
    this.createdAt = record.createdAt;
    this.wins = record.wins;
    this.away = new Absences(record.seats, now, awayGraceMs);
    this.lastAttended = record.unattendedSince ?? now;
  }

  static create(fields: NewTable, now: number, awayGraceMs: number): Table {
    return new Table(newTableRecord(fields, now), now, awayGraceMs);
  }

  /** The snapshot's content; `attended`: someone is at the table now. */
  record(attended: boolean): TableRecord {
    return {
      id: this.id,
      name: this.name,
      options: this.options,
      botLevel: this.botLevel,
      botPace: this.botPace,
      hints: this.hints,
      creator: this.creator,
      seats: this.seats,
      game: this.game,
      state: this.state,
      createdAt: this.createdAt,
      wins: this.wins,
      unattendedSince: attended ? null : this.lastAttended,
    };
  }

  /**
   * Everything a handler may change, kept aside: calling the result puts the table back exactly as it was
   * (a change the disk refused to keep is undone). Seat records are replaced, never mutated, so a shallow
   * copy of the list is enough.
   */
  checkpoint(): () => void {
    const { name, creator, game, state, lastAttended, wins } = this;
    const seats = [...this.seats];
    const away = this.away.checkpoint();
    const rematchVotes = [...this.rematchVotes];
    return () => {
      Object.assign(this, { name, creator, game, state, lastAttended, wins });
      this.seats.splice(0, seats.length, ...seats);
      away();
      this.rematchVotes.clear();
      for (const v of rematchVotes) this.rematchVotes.add(v);
    };
  }

  get status(): TableSummary['state'] {
    if (this.state === null) return 'open';
    return this.state.phase === 'gameOver' ? 'finished' : 'playing';
  }

  get started(): boolean {
    return this.state !== null;
  }

  /** A seat a person holds (named, not a bot, not voted out). */
  isPerson(seat: number): boolean {
    const s = this.seats[seat];
    return s !== undefined && s.name !== null && !s.bot && !s.votedOut;
  }

  // -------------------------------------------------------------------------------------------
  // Seating (before the start)

  join(name: string, wanted: number | undefined, tokenHash: string, now: number): number {
    if (this.started) throw new TableError('alreadyStarted', 'the game has started; you may spectate');
    if (this.seats.some((s) => s.name !== null && s.name.toLowerCase() === name.toLowerCase())) {
      throw new TableError('nameTaken', `"${name}" is already seated here; choose another name`);
    }
    let seat: number;
    if (wanted !== undefined) {
      if (wanted >= this.options.players) throw new TableError('badSeat', `this table has no seat ${wanted}`);
      if (this.seats[wanted].name !== null) throw new TableError('seatTaken', `seat ${wanted} is taken`);
      seat = wanted;
    } else {
      seat = this.seats.findIndex((s) => s.name === null);
      if (seat < 0) throw new TableError('tableFull', 'every seat is taken');
    }
    this.seats[seat] = { ...emptySeat(), name, tokenHash };
    this.lastAttended = now;
    return seat;
  }

  /** Frees a seat before the start. Returns the token hash that no longer opens anything. */
  leave(seat: number, now: number): string | null {
    if (this.started) {
      throw new TableError(
        'alreadyStarted',
        'the game has started; your seat waits for you if you step away',
      );
    }
    const hash = this.seats[seat].tokenHash;
    this.freeSeat(seat);
    this.lastAttended = now;
    return hash;
  }

  /** True when no person holds a seat any more: the table has no reason to exist. */
  get deserted(): boolean {
    return !this.seats.some((_, i) => this.isPerson(i));
  }

  private freeSeat(seat: number): void {
    this.seats[seat] = emptySeat();
    this.away.forget(seat);
    if (seat === this.creator) {
      // The creator role passes to the next person, so the table can still start.
      const next = this.seats.findIndex((_, i) => this.isPerson(i));
      if (next >= 0) this.creator = next;
    }
  }

  setBot(by: number, seat: number, bot: boolean, now: number): void {
    this.requireCreator(by, 'choose bot seats');
    if (this.started) throw new TableError('alreadyStarted', 'bot seats are set before the start');
    if (seat >= this.options.players) throw new TableError('badSeat', `this table has no seat ${seat}`);
    const s = this.seats[seat];
    if (bot) {
      if (s.name !== null) throw new TableError('seatTaken', `seat ${seat} is taken`);
      this.seats[seat] = { ...emptySeat(), name: botName(seat), bot: true };
    } else {
      if (!s.bot) throw new TableError('badSeat', `seat ${seat} is not a bot`);
      this.seats[seat] = emptySeat();
    }
    this.lastAttended = now;
  }

  private requireCreator(by: number, what: string): void {
    if (by !== this.creator) throw new TableError('notCreator', `only the table's creator may ${what}`);
  }

  // -------------------------------------------------------------------------------------------
  // Play

  start(by: number, seed: number, now: number): void {
    this.requireCreator(by, 'start the game');
    if (this.started) throw new TableError('alreadyStarted', 'the game has already started');
    const free = this.seats.filter((s) => s.name === null).length;
    if (free > 0)
      throw new TableError('notReady', `${free} seat(s) still free: wait for players or add bots`);
    this.begin(seed, now);
  }

  /** Records a person's wish for a rematch (or takes it back); the game itself starts once all agree. */
  voteRematch(by: number, ready: boolean, now: number): void {
    if (!this.isPerson(by)) throw new TableError('notSeated', 'only a seated player may ask for a rematch');
    if (this.state?.phase !== 'gameOver') throw new TableError('gameNotOver', 'the game is not over');
    if (ready) this.rematchVotes.add(by);
    else this.rematchVotes.delete(by);
    this.lastAttended = now;
  }

  /**
   * Someone asked, and every seated person agrees (bots, stand-ins and voted-out seats always do): nobody's
   * final scoreboard is taken away by another player's click.
   */
  get rematchAgreed(): boolean {
    if (this.state?.phase !== 'gameOver' || this.rematchVotes.size === 0) return false;
    return this.seats.every((_, seat) => !this.isPerson(seat) || this.rematchVotes.has(seat));
  }

  rematch(seed: number, now: number): void {
    if (!this.rematchAgreed) throw new TableError('gameNotOver', 'not every player has asked for a rematch');
    this.begin(seed, now);
  }

  private begin(seed: number, now: number): void {
    this.state = newGame(this.options, seed);
    this.game += 1;
    this.rematchVotes.clear();
    this.lastAttended = now;
  }

  /**
   * A person leaves a finished table: a bot stands in for them (their token still takes the seat back), so
   * the others can play again without waiting for someone who has gone.
   */
  leaveFinished(seat: number, now: number): void {
    if (!this.isPerson(seat)) return;
    this.seats[seat] = { ...this.seats[seat], bot: true, standIn: true };
    this.rematchVotes.delete(seat);
    this.away.cleared(seat);
    this.lastAttended = now;
  }

  /**
   * Applies a move for `seat` if it is that seat's to make at `moveCount`. A `nextRound` belongs to the
   * table: any seated person may send it between rounds.
   */
  play(seat: number, move: Move, moveCount: number, now: number): AcceptedMove {
    const state = this.state;
    if (state === null) throw new TableError('notStarted', 'the game has not started');
    if (moveCount !== state.moveCount) {
      throw new TableError(
        'staleMove',
        `the move was made for move ${moveCount}, the game is at move ${state.moveCount}`,
      );
    }
    const tableMove = move.type === 'nextRound';
    if (!tableMove && state.current !== seat) {
      throw new TableError(
        'notYourTurn',
        state.current === null ? 'nobody is to move now' : `it is seat ${state.current}'s turn`,
      );
    }
    let next: GameState;
    try {
      next = applyMove(state, move);
    } catch (e) {
      if (e instanceof IllegalMoveError) throw new TableError('illegalMove', e.message);
      throw e;
    }
    this.wins = tallyWin(this.wins, state, next);
    this.state = next;
    this.lastAttended = now;
    return { game: this.game, n: state.moveCount, seat: tableMove ? null : seat, move };
  }

  /** The seat the host must play for now (a bot, or a voted-out person), if any. */
  automatedSeatToAct(): number | null {
    const cur = this.state?.phase === 'turn' ? this.state.current : null;
    if (cur === null || cur === undefined) return null;
    const s = this.seats[cur];
    return s.bot || s.votedOut ? cur : null;
  }

  // -------------------------------------------------------------------------------------------
  // Presence, stand-ins and votes

  /** A person's socket attached to the seat: they are no longer away. */
  arrived(seat: number, now: number): void {
    this.away.cleared(seat);
    const s = this.seats[seat];
    // A returning person takes the seat back from the bot that stood in.
    if (s.standIn) this.seats[seat] = { ...s, bot: false, standIn: false };
    this.lastAttended = now;
  }

  /** The seat's socket went away: a person (or the person a bot stands in for) is away from now. */
  wentAway(seat: number, now: number): void {
    this.away.since[seat] = this.isPerson(seat) || this.seats[seat].standIn ? now : null;
    this.lastAttended = now;
  }

  private requireAway(by: number, seat: number, connected: Presence, now: number): void {
    if (!this.isPerson(by) || !connected(by)) {
      throw new TableError('notSeated', 'only a seated, connected player may do this');
    }
    if (seat >= this.options.players || seat === by)
      throw new TableError('badSeat', `cannot do this to seat ${seat}`);
    if (!this.isPerson(seat) || connected(seat)) {
      throw new TableError('notAway', `seat ${seat} is not an away player`);
    }
    this.away.requireGraceOver(seat, now);
  }

  replaceByBot(by: number, seat: number, connected: Presence, now: number): void {
    this.requireAway(by, seat, connected, now);
    this.seats[seat] = { ...this.seats[seat], bot: true, standIn: true };
    this.away.votes[seat].clear();
    this.rematchVotes.delete(seat);
    this.lastAttended = now;
  }

  /**
   * Records a vote. A majority of the other connected people removes the player: before the start the
   * seat is freed, during a game the host passes for them. Returns the revoked token hash, if any.
   */
  voteOut(
    by: number,
    seat: number,
    connected: Presence,
    now: number,
  ): { out: boolean; revoked: string | null } {
    this.requireAway(by, seat, connected, now);
    const votesAgainst = this.away.votes[seat];
    votesAgainst.add(by);
    const voters = this.seats.filter((_, i) => i !== seat && this.isPerson(i) && connected(i)).length;
    const needed = Math.floor(voters / 2) + 1;
    const votes = [...votesAgainst].filter((v) => this.isPerson(v) && connected(v)).length;
    this.lastAttended = now;
    if (votes < needed) return { out: false, revoked: null };
    const revoked = this.seats[seat].tokenHash;
    if (!this.started) {
      this.freeSeat(seat);
    } else {
      this.seats[seat] = { ...this.seats[seat], tokenHash: null, votedOut: true, bot: false, standIn: false };
      this.away.cleared(seat);
      this.rematchVotes.delete(seat);
    }
    return { out: true, revoked };
  }
}
