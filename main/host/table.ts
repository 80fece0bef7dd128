import { IllegalMoveError, applyMove, newGame } from '../../shared/engine';
import type { GameState, Move, NormalizedOptions } from '../../shared/engine';
import type { BotLevel, BotThink } from '../../shared/bots/levels';
import type { BotPace, TableSummary } from '../../shared/protocol';
import { Absences } from './absences';
import { TableError } from './errors';
import { tallyWin } from './match';
import { newTableRecord } from './table-record';
import type { AcceptedMove, NewTable, SeatRecord, TableRecord } from './table-record';

/** Whether a person's socket is attached to the seat now. The room that holds the table knows; the rules ask. */
export type Presence = (seat: number) => boolean;

/**
 * A table's state and its game's rules, without any I/O: starting a game, moves, the rematch vote and the
 * match score. Each method checks who may do what, changes the record, or throws a TableError. Who sits
 * where is ruled in `seating.ts`; who is connected is the room's to know (those rules get a `Presence`).
 */
export class Table {
  readonly id: string;
  name: string;
  readonly options: NormalizedOptions;
  readonly botLevel: BotLevel;
  readonly botPace: BotPace;
  readonly botThink: BotThink;
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
    this.botThink = record.botThink;
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
      botThink: this.botThink,
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

  /** True when no person holds a seat any more: the table has no reason to exist. */
  get deserted(): boolean {
    return !this.seats.some((_, i) => this.isPerson(i));
  }

  /** Refuses anyone but the table's creator. */
  requireCreator(by: number, what: string): void {
    if (by !== this.creator) throw new TableError('notCreator', `only the table's creator may ${what}`);
  }

  // -------------------------------------------------------------------------------------------
  // The game: start, moves, rematch

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
}
