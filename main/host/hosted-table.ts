import { IllegalMoveError, applyMove, newGame } from '../../shared/engine';
import type { GameState, Move, NormalizedOptions } from '../../shared/engine';
import type { BotLevel, BotThink } from '../../shared/bots/levels';
import type { BotPace, TableSummary } from '../../shared/protocol';
import { Absences } from './absences';
import { TableError } from './errors';
import { tallyWin } from './match';
import { botName, emptySeat, newTableRecord } from './table-record';
import type { AcceptedMove, NewTable, SeatRecord, Seating, TableRecord } from './table-record';

/** Whether a person's socket is attached to the seat now. The room that holds the table knows; the rules ask. */
export type Presence = (seat: number) => boolean;

/**
 * One table as the host holds it, without any I/O: who sits where (joining and leaving, bot seats, people
 * away and back, stand-ins, votes to remove), the game (start, moves, the rematch vote) and the match
 * score. Its state is private: each method checks who may do what and changes it, or throws a TableError
 * and changes nothing. Who is connected is the room's to know (those rules get a `Presence`).
 */
export class HostedTable {
  readonly id: string;
  readonly name: string;
  readonly options: NormalizedOptions;
  readonly botLevel: BotLevel;
  readonly botPace: BotPace;
  readonly botThink: BotThink;
  readonly hints: boolean;
  readonly createdAt: number;
  private creatorSeat: number;
  /** Seat records are replaced, never changed in place (a checkpoint is a shallow copy). */
  private readonly seatList: SeatRecord[];
  private gameNo: number;
  private gameState: GameState | null;
  /** Games won per seat across rematches. */
  private winList: number[];
  /** Runtime: after a game, the seats whose people asked for a rematch. */
  private readonly rematchVotes = new Set<number>();
  /** Runtime: who is away, since when, and the votes to remove them. */
  private readonly away: Absences;

  constructor(record: Omit<TableRecord, 'unattendedSince'>, now: number, awayGraceMs: number) {
    this.id = record.id;
    this.name = record.name;
    this.options = record.options;
    this.botLevel = record.botLevel;
    this.botPace = record.botPace;
    this.botThink = record.botThink;
    this.hints = record.hints;
    this.createdAt = record.createdAt;
    this.creatorSeat = record.creator;
    this.seatList = [...record.seats];
    this.gameNo = record.game;
    this.gameState = record.state;
    this.winList = record.wins;
    this.away = new Absences(record.seats, now, awayGraceMs);
  }

  static create(fields: NewTable, now: number, awayGraceMs: number): HostedTable {
    return new HostedTable(newTableRecord(fields, now), now, awayGraceMs);
  }

  /** The snapshot's content, but for when the table was last attended (the room's to know). */
  record(): Omit<TableRecord, 'unattendedSince'> {
    const { id, name, options, botLevel, botPace, botThink, hints, createdAt } = this;
    return {
      id,
      name,
      options,
      botLevel,
      botPace,
      botThink,
      hints,
      createdAt,
      creator: this.creatorSeat,
      seats: [...this.seatList],
      game: this.gameNo,
      state: this.gameState,
      wins: this.winList,
    };
  }

  /** Who sits where: what a seat change writes to the log. */
  seating(): Seating {
    return { creator: this.creatorSeat, seats: [...this.seatList] };
  }

  /**
   * Everything a handler may change, kept aside: calling the result puts the table back exactly as it was
   * (a change the disk refused to keep is undone).
   */
  checkpoint(): () => void {
    const { creatorSeat, gameNo, gameState, winList } = this;
    const seats = [...this.seatList];
    const away = this.away.checkpoint();
    const rematchVotes = [...this.rematchVotes];
    return () => {
      Object.assign(this, { creatorSeat, gameNo, gameState, winList });
      this.seatList.splice(0, seats.length, ...seats);
      away();
      this.rematchVotes.clear();
      for (const v of rematchVotes) this.rematchVotes.add(v);
    };
  }

  // -------------------------------------------------------------------------------------------
  // What the table is now (read only)

  get seats(): readonly SeatRecord[] {
    return this.seatList;
  }

  get creator(): number {
    return this.creatorSeat;
  }

  /** 0 before the first start. */
  get game(): number {
    return this.gameNo;
  }

  get state(): GameState | null {
    return this.gameState;
  }

  get wins(): readonly number[] {
    return this.winList;
  }

  get awayGraceMs(): number {
    return this.away.graceMs;
  }

  /** When the seat's person went away (null: connected, a bot or a free seat). */
  awaySince(seat: number): number | null {
    return this.away.since[seat];
  }

  /** The seats that voted to remove `seat`, lowest first. */
  votesAgainst(seat: number): number[] {
    return [...this.away.votes[seat]].sort((a, b) => a - b);
  }

  /** The seats that asked for a rematch, lowest first. */
  rematchAskedBy(): number[] {
    return [...this.rematchVotes].sort((a, b) => a - b);
  }

  get status(): TableSummary['state'] {
    if (this.gameState === null) return 'open';
    return this.gameState.phase === 'gameOver' ? 'finished' : 'playing';
  }

  get started(): boolean {
    return this.gameState !== null;
  }

  /** A seat a person holds (named, not a bot, not voted out). */
  isPerson(seat: number): boolean {
    const s = this.seatList[seat];
    return s !== undefined && s.name !== null && !s.bot && !s.votedOut;
  }

  /** True when no person holds a seat any more: the table has no reason to exist. */
  get deserted(): boolean {
    return !this.seatList.some((_, i) => this.isPerson(i));
  }

  /** The seat the host must play for now (a bot, or a voted-out person), if any. */
  automatedSeatToAct(): number | null {
    const cur = this.gameState?.phase === 'turn' ? this.gameState.current : null;
    if (cur === null || cur === undefined) return null;
    const s = this.seatList[cur];
    return s.bot || s.votedOut ? cur : null;
  }

  /** Refuses anyone but the table's creator. */
  requireCreator(by: number, what: string): void {
    if (by !== this.creatorSeat) throw new TableError('notCreator', `only the table's creator may ${what}`);
  }

  // -------------------------------------------------------------------------------------------
  // Seats before the start

  join(name: string, wanted: number | undefined, tokenHash: string): number {
    if (this.started) throw new TableError('alreadyStarted', 'the game has started; you may spectate');
    if (this.seatList.some((s) => s.name !== null && s.name.toLowerCase() === name.toLowerCase())) {
      throw new TableError('nameTaken', `"${name}" is already seated here; choose another name`);
    }
    let seat: number;
    if (wanted !== undefined) {
      if (wanted >= this.options.players) throw new TableError('badSeat', `this table has no seat ${wanted}`);
      if (this.seatList[wanted].name !== null) throw new TableError('seatTaken', `seat ${wanted} is taken`);
      seat = wanted;
    } else {
      seat = this.seatList.findIndex((s) => s.name === null);
      if (seat < 0) throw new TableError('tableFull', 'every seat is taken');
    }
    this.seatList[seat] = { ...emptySeat(), name, tokenHash };
    return seat;
  }

  /** Frees a seat before the start. Returns the token hash that no longer opens anything. */
  leave(seat: number): string | null {
    if (this.started) {
      throw new TableError(
        'alreadyStarted',
        'the game has started; your seat waits for you if you step away',
      );
    }
    const hash = this.seatList[seat].tokenHash;
    this.freeSeat(seat);
    return hash;
  }

  private freeSeat(seat: number): void {
    this.seatList[seat] = emptySeat();
    this.away.forget(seat);
    if (seat === this.creatorSeat) {
      // The creator role passes to the next person, so the table can still start.
      const next = this.seatList.findIndex((_, i) => this.isPerson(i));
      if (next >= 0) this.creatorSeat = next;
    }
  }

  setBot(by: number, seat: number, bot: boolean): void {
    this.requireCreator(by, 'choose bot seats');
    if (this.started) throw new TableError('alreadyStarted', 'bot seats are set before the start');
    if (seat >= this.options.players) throw new TableError('badSeat', `this table has no seat ${seat}`);
    const s = this.seatList[seat];
    if (bot) {
      if (s.name !== null) throw new TableError('seatTaken', `seat ${seat} is taken`);
      this.seatList[seat] = { ...emptySeat(), name: botName(seat), bot: true };
    } else {
      if (!s.bot) throw new TableError('badSeat', `seat ${seat} is not a bot`);
      this.seatList[seat] = emptySeat();
    }
  }

  // -------------------------------------------------------------------------------------------
  // Presence, stand-ins and votes

  /**
   * A person leaves a finished table: a bot stands in for them (their token still takes the seat back), so
   * the others can play again without waiting for someone who has gone.
   */
  leaveFinished(seat: number): void {
    if (!this.isPerson(seat)) return;
    this.standIn(seat);
    this.away.cleared(seat);
  }

  private standIn(seat: number): void {
    this.seatList[seat] = { ...this.seatList[seat], bot: true, standIn: true };
    this.rematchVotes.delete(seat);
  }

  /** A person's socket attached to the seat: they are no longer away, and take it back from a stand-in. */
  arrived(seat: number): void {
    this.away.cleared(seat);
    const s = this.seatList[seat];
    if (s.standIn) this.seatList[seat] = { ...s, bot: false, standIn: false };
  }

  /** The seat's socket went away: a person (or the person a bot stands in for) is away from now. */
  wentAway(seat: number, now: number): void {
    this.away.since[seat] = this.isPerson(seat) || this.seatList[seat].standIn ? now : null;
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
    this.standIn(seat);
    this.away.votes[seat].clear();
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
    const voters = this.seatList.filter((_, i) => i !== seat && this.isPerson(i) && connected(i)).length;
    const needed = Math.floor(voters / 2) + 1;
    const votes = [...votesAgainst].filter((v) => this.isPerson(v) && connected(v)).length;
    if (votes < needed) return { out: false, revoked: null };
    const revoked = this.seatList[seat].tokenHash;
    if (!this.started) {
      this.freeSeat(seat);
    } else {
      this.seatList[seat] = {
        ...this.seatList[seat],
        tokenHash: null,
        votedOut: true,
        bot: false,
        standIn: false,
      };
      this.away.cleared(seat);
      this.rematchVotes.delete(seat);
    }
    return { out: true, revoked };
  }

  // -------------------------------------------------------------------------------------------
  // The game: start, moves, rematch

  start(by: number, seed: number): void {
    this.requireCreator(by, 'start the game');
    if (this.started) throw new TableError('alreadyStarted', 'the game has already started');
    const free = this.seatList.filter((s) => s.name === null).length;
    if (free > 0)
      throw new TableError('notReady', `${free} seat(s) still free: wait for players or add bots`);
    this.begin(seed);
  }

  /** Records a person's wish for a rematch (or takes it back); the game itself starts once all agree. */
  voteRematch(by: number, ready: boolean): void {
    if (!this.isPerson(by)) throw new TableError('notSeated', 'only a seated player may ask for a rematch');
    if (this.gameState?.phase !== 'gameOver') throw new TableError('gameNotOver', 'the game is not over');
    if (ready) this.rematchVotes.add(by);
    else this.rematchVotes.delete(by);
  }

  /**
   * Someone asked, and every seated person agrees (bots, stand-ins and voted-out seats always do): nobody's
   * final scoreboard is taken away by another player's click.
   */
  get rematchAgreed(): boolean {
    if (this.gameState?.phase !== 'gameOver' || this.rematchVotes.size === 0) return false;
    return this.seatList.every((_, seat) => !this.isPerson(seat) || this.rematchVotes.has(seat));
  }

  rematch(seed: number): void {
    if (!this.rematchAgreed) throw new TableError('gameNotOver', 'not every player has asked for a rematch');
    this.begin(seed);
  }

  private begin(seed: number): void {
    this.gameState = newGame(this.options, seed);
    this.gameNo += 1;
    this.rematchVotes.clear();
  }

  /**
   * Applies a move for `seat` if it is that seat's to make at `moveCount`. A `nextRound` belongs to the
   * table: any seated person may send it between rounds.
   */
  play(seat: number, move: Move, moveCount: number): AcceptedMove {
    const state = this.gameState;
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
    this.winList = tallyWin(this.winList, state, next);
    this.gameState = next;
    return { game: this.gameNo, n: state.moveCount, seat: tableMove ? null : seat, move };
  }
}
