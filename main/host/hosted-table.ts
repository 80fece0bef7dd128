import { applyTurn, type TurnRefusalKind } from '../../shared/engine';
import { duplicateDealer, shuffleDealer, type Dealer } from '../../shared/evening/dealer';
import type { GameState, Move, NormalizedOptions } from '../../shared/engine';
import type { BotLevel, BotThink } from '../../shared/bots/levels';
import type { BotPace, ErrorCode, TableSummary } from '../../shared/protocol';
import { TableError } from './errors';
import { tallyWin } from './match';
import { SeatRules } from './seat-rules';
import { TableControl } from './table-control';
import { newTableRecord } from './table-record';
import { TurnClock } from './turn-clock';
import type { AcceptedMove, EveningTag, NewTable, SeatRecord, TableRecord } from './table-record';

export type { Presence } from './seat-rules';

/**
 * One table as the host holds it, without any I/O: who sits where (its `seating`, the seat rules), the
 * game (start, moves, the rematch vote) and the match score. Its state is private: each method checks who
 * may do what and changes it, or throws a TableError and changes nothing. Who is connected is the room's
 * to know (the rules that depend on it get a `Presence`).
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
  /** The evening's heat this table plays (its game dealt duplicate), if any. */
  readonly evening: EveningTag | undefined;
  /** How its games are dealt from their seeds. */
  readonly dealer: Dealer;
  /** Who sits where, and the rules of it. */
  readonly seating: SeatRules;
  /** The person to play's time (main/host/turn-clock.ts). */
  readonly turnClock: TurnClock;
  /** The creator's lock and seat code (table-control.ts). */
  readonly control: TableControl;
  private gameNo: number;
  private gameState: GameState | null;
  /** Games won per seat across rematches. */
  private winList: number[];
  /** Runtime: after a game, the seats whose people asked for a rematch. */
  private readonly rematchVotes = new Set<number>();
  /** Runtime: between rounds, the seats whose people said they are ready for the next one. */
  private readonly readyVotes = new Set<number>();

  constructor(
    record: Omit<TableRecord, 'unattendedSince'>,
    now: number,
    awayGraceMs: number,
    clockSecondMs?: number,
  ) {
    this.id = record.id;
    this.name = record.name;
    this.options = record.options;
    this.botLevel = record.botLevel;
    this.botPace = record.botPace;
    this.botThink = record.botThink;
    this.hints = record.hints;
    this.createdAt = record.createdAt;
    this.evening = record.evening;
    this.dealer = record.evening ? duplicateDealer : shuffleDealer;
    this.seating = new SeatRules(record, now, awayGraceMs, {
      started: () => this.started,
      leftPlay: (seat) => {
        this.rematchVotes.delete(seat);
        this.readyVotes.delete(seat);
      },
      botNameSeed: record.id,
    });
    this.turnClock = new TurnClock(record.clock, now, clockSecondMs);
    this.control = new TableControl(record.control);
    this.gameNo = record.game;
    this.gameState = record.state;
    this.winList = record.wins;
  }

  static create(fields: NewTable, now: number, awayGraceMs: number, clockSecondMs?: number): HostedTable {
    return new HostedTable(newTableRecord(fields, now), now, awayGraceMs, clockSecondMs);
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
      clock: this.turnClock.record(),
      createdAt,
      ...this.seating.record(),
      game: this.gameNo,
      state: this.gameState,
      wins: this.winList,
      control: this.control.record(),
      ...(this.evening ? { evening: this.evening } : {}),
    };
  }

  /**
   * Everything a handler may change, kept aside: calling the result puts the table back exactly as it was
   * (a change the disk refused to keep is undone).
   */
  checkpoint(): () => void {
    const { gameNo, gameState, winList } = this;
    const seats = this.seating.checkpoint();
    const control = this.control.checkpoint();
    const votes = [this.rematchVotes, this.readyVotes].map((set) => [...set]);
    return () => {
      Object.assign(this, { gameNo, gameState, winList });
      seats();
      control();
      [this.rematchVotes, this.readyVotes].forEach((set, i) => {
        set.clear();
        for (const v of votes[i]) set.add(v);
      });
    };
  }

  // -------------------------------------------------------------------------------------------
  // What the table is now (read only)

  get seats(): readonly SeatRecord[] {
    return this.seating.seats;
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

  /** The seats that asked for a rematch, lowest first. */
  rematchAskedBy(): number[] {
    return [...this.rematchVotes].sort((a, b) => a - b);
  }

  /** Between rounds: the seats whose people said they are ready, lowest first. */
  nextRoundReadyBy(): number[] {
    return [...this.readyVotes].sort((a, b) => a - b);
  }

  get status(): TableSummary['state'] {
    if (this.gameState === null) return 'open';
    return this.gameState.phase === 'gameOver' ? 'finished' : 'playing';
  }

  get started(): boolean {
    return this.gameState !== null;
  }

  /** How the bot on `seat` plays: its own level, else the table's (a stand-in always plays at the table's). */
  botLevelAt(seat: number): BotLevel {
    return this.seats[seat]?.botLevel ?? this.botLevel;
  }

  botThinkAt(seat: number): BotThink {
    return this.seats[seat]?.botThink ?? this.botThink;
  }

  /** The seat the host must play for now (a bot, a voted-out person, a timed-out turn), if any. */
  automatedSeatToAct(): number | null {
    const cur = this.gameState?.phase === 'turn' ? this.gameState.current : null;
    if (cur === null || cur === undefined) return null;
    const s = this.seating.seats[cur];
    return s.bot || s.votedOut || this.turnClock.botSeat(this.gameNo, this.gameState) === cur ? cur : null;
  }

  // -------------------------------------------------------------------------------------------
  // The game: start, moves, rematch

  start(by: number, seed: number): void {
    this.seating.requireCreator(by, 'start the game');
    if (this.started) throw new TableError('alreadyStarted', 'the game has already started');
    const free = this.seating.seats.filter((s) => s.name === null).length;
    if (free > 0)
      throw new TableError('notReady', `${free} seat(s) still free: wait for players or add bots`);
    this.begin(seed);
  }

  /** Records a person's wish for a rematch (or takes it back); the game itself starts once all agree. */
  voteRematch(by: number, ready: boolean): void {
    if (!this.seating.isPerson(by))
      throw new TableError('notSeated', 'only a seated player may ask for a rematch');
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
    return this.seats.every((_, seat) => !this.seating.isPerson(seat) || this.rematchVotes.has(seat));
  }

  rematch(seed: number): void {
    if (!this.rematchAgreed) throw new TableError('gameNotOver', 'not every player has asked for a rematch');
    this.begin(seed);
  }

  private begin(seed: number): void {
    this.gameState = this.dealer.first(this.options, seed);
    this.gameNo += 1;
    this.rematchVotes.clear();
    this.readyVotes.clear();
  }

  /** Records a person's readiness for the next round (or takes it back); the deal waits for everyone. */
  voteReady(by: number, ready: boolean): void {
    if (!this.seating.isPerson(by))
      throw new TableError('notSeated', 'only a seated player may say they are ready');
    if (this.gameState?.phase !== 'roundOver') {
      throw new TableError(
        'roundNotOver',
        this.gameState?.phase === 'gameOver'
          ? 'the game is over: ask for a rematch instead'
          : 'the round is still being played: "ready" is for between rounds',
      );
    }
    if (ready) this.readyVotes.add(by);
    else this.readyVotes.delete(by);
  }

  /**
   * Whether the seat holds up the next round at `now`: a person who has not said ready, unless they have
   * been away for the whole grace (their stand-in would be ready). Bots, stand-ins and voted-out seats never do.
   */
  private holdsUpNextRound(seat: number, now: number): boolean {
    if (!this.seating.isPerson(seat) || this.readyVotes.has(seat)) return false;
    const since = this.seating.awaySince(seat);
    return since === null || now - since < this.seating.awayGraceMs;
  }

  /** Between rounds, every seat is ready (a table of bots and stand-ins always is): the next round may be dealt. */
  nextRoundAgreed(now: number): boolean {
    if (this.gameState?.phase !== 'roundOver') return false;
    return this.seats.every((_, seat) => !this.holdsUpNextRound(seat, now));
  }

  /**
   * How long until an away person's grace runs out and the vote may be agreed without them; null when no
   * such moment is ahead (not between rounds, or nobody away holds the deal up).
   */
  nextRoundDueInMs(now: number): number | null {
    if (this.gameState?.phase !== 'roundOver') return null;
    const waits = this.seats.flatMap((_, seat) => {
      const since = this.seating.awaySince(seat);
      if (since === null || !this.holdsUpNextRound(seat, now)) return [];
      return [since + this.seating.awayGraceMs - now];
    });
    return waits.length ? Math.max(0, Math.min(...waits)) : null;
  }

  /** Deals the next round once everyone is ready: the engine's `nextRound`, logged as the table's move. */
  dealNextRound(now: number): AcceptedMove {
    const state = this.gameState;
    if (state === null || !this.nextRoundAgreed(now))
      throw new TableError('roundNotOver', 'not every player is ready for the next round');
    this.gameState = this.dealer.next(state);
    this.readyVotes.clear();
    return { game: this.gameNo, n: state.moveCount, seat: null, move: { type: 'nextRound' } };
  }

  /** Applies one move for `seat` (a bot's, the host's for a voted-out seat, or a person's one-step turn). */
  play(seat: number, move: Move, moveCount: number): AcceptedMove {
    return this.playTurn(seat, [move], moveCount)[0];
  }

  /**
   * Applies a turn's `steps` for `seat`, in order, from move `moveCount`: all of them or none (docs/protocol.md,
   * "A turn in one message"). Each step is worked out on the state the one before left, and the table takes
   * the result only once every step applied; a refusal names the step. Returns each step as accepted, for
   * the log. The next round is nobody's: the ready vote deals it (`dealNextRound`).
   */
  playTurn(seat: number, steps: readonly Move[], moveCount: number): AcceptedMove[] {
    const state = this.gameState;
    if (state === null) throw new TableError('notStarted', 'the game has not started');
    if (moveCount !== state.moveCount) {
      throw new TableError(
        'staleMove',
        `the move was made for move ${moveCount}, the game is at move ${state.moveCount}`,
      );
    }
    // The engine's one rule for a turn; the next round is nobody's move (the ready vote deals it).
    const turn = applyTurn(state, seat, steps);
    if (!turn.ok) throw new TableError(REFUSAL_CODES[turn.kind], turn.reason);
    this.winList = tallyWin(this.winList, state, turn.state);
    this.gameState = turn.state;
    const game = this.gameNo;
    return steps.map((move, i) => ({ game, n: state.moveCount + i, seat, move }));
  }
}

/** The host's error code for each kind of refused turn. */
const REFUSAL_CODES: Record<TurnRefusalKind, ErrorCode> = {
  empty: 'badMessage',
  nextRound: 'illegalMove',
  notYourTurn: 'notYourTurn',
  illegal: 'illegalMove',
  afterEnd: 'illegalMove',
  afterDraw: 'illegalMove',
};
