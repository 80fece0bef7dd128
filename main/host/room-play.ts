import type { Move } from '../../shared/engine';
import type { Cancel } from './clock';
import type { BotTable } from './bots';
import { afterKept, keepOrUndo, type Announcement } from './changes';
import { TableError } from './errors';
import type { HostedTable } from './hosted-table';
import type { AcceptedMove } from './table-record';
import type { RoomContext } from './room-context';

/** A game begun: everyone gets the table, their view, and the lobby its new state. */
const GAME_BEGUN: Announcement = { views: true, lobbyList: true };

/** The next round dealt: everyone's view changes, the table's votes are cleared. */
const ROUND_DEALT: Announcement = { views: true };

/** How soon the host tries again a bot's move, or an agreed deal, that the disk refused. */
const STORAGE_RETRY_MS = 1000;

/**
 * A room's games: the first start, the ready vote between rounds (and its timer, for a vote that completes
 * without a message) and the rematch vote (the last vote needed deals the next round or starts the next
 * game), and every move, a person's or the host's for a bot. Each is in the log before anyone hears of it;
 * each returns who must hear of it, and telling them is the room's. A refusal is thrown, and then nothing
 * changed.
 */
/** Who said yes to the next round and to a rematch, by seat. */
export interface HeldVotes {
  ready: number[];
  rematch: number[];
}

export class RoomPlay {
  /** Between rounds: the timer that deals the next round when the vote completes without a message. */
  private cancelRoundTimer: Cancel | null = null;
  private stopped = false;

  /** What the bots see of this room: its table, and the host's moves for its seats. */
  readonly forBots: BotTable;

  constructor(
    private readonly table: HostedTable,
    private readonly ctx: Pick<RoomContext, 'store' | 'report' | 'clock' | 'history' | 'bots' | 'seeds'>,
    /** Tells everyone of a change made without anyone's message (a bot's move, a round dealt on time). */
    private readonly tell: (announcement: Announcement) => void,
  ) {
    this.forBots = { table, playFor: (seat, move, moveCount) => this.playFor(seat, move, moveCount) };
  }

  /** `seed`: an evening's table is dealt from its heat's (the same at every table of its size). */
  start(by: number, seed = this.ctx.seeds()): Announcement {
    return this.beginGame(() => this.table.start(by, seed));
  }

  /** A vote for a rematch (or its withdrawal); the last vote needed starts the game for everyone. */
  rematch(by: number, ready: boolean): Announcement {
    const undo = this.table.checkpoint();
    this.table.voteRematch(by, ready);
    if (!this.table.rematchAgreed) return {};
    try {
      return this.beginGame(() => this.table.rematch(this.ctx.seeds()));
    } catch (e) {
      undo(); // refused (the disk): the vote did not count either, so the player may simply ask again
      throw e;
    }
  }

  /**
   * After a seat change at a finished table (someone was replaced, removed or voted out): if everyone still
   * seated had already asked for a rematch, it starts. Returns who must hear of it; null: it did not start.
   */
  rematchIfAgreed(): Announcement | null {
    if (!this.table.rematchAgreed) return null;
    try {
      return this.beginGame(() => this.table.rematch(this.ctx.seeds()));
    } catch (e) {
      if (!(e instanceof TableError)) throw e;
      // The disk refused the new game: the votes stand, and the next change or vote tries again.
      this.ctx.report(`table ${this.table.id}: the agreed rematch could not start (${e.message})`);
      return null;
    }
  }

  /** A vote for the next round (or its withdrawal); the last one needed deals it for everyone. */
  ready(by: number, ready: boolean): Announcement {
    const undo = this.table.checkpoint();
    this.table.voteReady(by, ready);
    if (!this.table.nextRoundAgreed(this.ctx.clock.now())) return {};
    try {
      return this.dealNextRound();
    } catch (e) {
      undo(); // refused (the disk): the vote did not count either, so the player may simply say it again
      throw e;
    }
  }

  /**
   * After anything that may complete the ready vote (a seat change, an away grace running out, a round
   * ending at a table of bots): deals the next round if every seat is ready. Null: it was not dealt.
   */
  nextRoundIfAgreed(): Announcement | null {
    if (!this.table.nextRoundAgreed(this.ctx.clock.now())) return null;
    try {
      return this.dealNextRound();
    } catch (e) {
      if (!(e instanceof TableError)) throw e;
      this.ctx.report(`table ${this.table.id}: the agreed next round could not be dealt (${e.message})`);
      return null;
    }
  }

  /** Either vote that a seat change may have completed: the rematch, or the next round. */
  agreedAfterSeatChange(): Announcement | null {
    return this.rematchIfAgreed() ?? this.nextRoundIfAgreed();
  }

  /** The deal is a move in the log (the table's, no seat's): a restart replays it like any other. */
  private dealNextRound(): Announcement {
    const { table, ctx } = this;
    keepOrUndo(
      () => ctx.store.appendMoves(table.id, [table.dealNextRound(ctx.clock.now())]),
      table.checkpoint(),
      ctx.report,
    );
    ctx.store.save(table.id);
    return ROUND_DEALT;
  }

  /** A game begins once the log holds its start (its seed): a restart replays it from there. */
  private beginGame(begin: () => void): Announcement {
    const { table, ctx } = this;
    keepOrUndo(
      () => {
        begin();
        const state = table.state!;
        ctx.store.appendStart(table.id, table.game, state.options, state.seed);
      },
      table.checkpoint(),
      ctx.report,
    );
    ctx.store.save(table.id);
    ctx.history.started(table.id, table.game);
    return GAME_BEGUN;
  }

  /** A bot's move (or the host's for a voted-out seat): the one path of a single move. */
  move(seat: number, move: Move, moveCount: number): Announcement {
    return this.keep(() => [this.table.play(seat, move, moveCount)]);
  }

  /**
   * A person's confirmed turn: every step applied and logged, or none (a refusal, the disk's too, leaves
   * the table and the log as they were); then one announcement for the whole turn.
   */
  turn(seat: number, steps: readonly Move[], moveCount: number): Announcement {
    return this.keep(() => this.table.playTurn(seat, steps, moveCount));
  }

  /** Check, apply, log; nobody hears of it before. */
  private keep(apply: () => AcceptedMove[]): Announcement {
    const { table, ctx } = this;
    const before = table.status;
    keepOrUndo(() => ctx.store.appendMoves(table.id, apply()), table.checkpoint(), ctx.report);
    ctx.store.save(table.id);
    const ended = table.status !== before;
    // Logged: the game is over for good, and goes to the history (off the event loop).
    if (ended && table.status === 'finished') ctx.history.finished(table);
    return { tableInfo: ended, views: true, lobbyList: ended };
  }

  /** The ready and rematch votes (runtime, not in the log): a table handed over takes them along. */
  votes(): HeldVotes {
    return { ready: this.table.nextRoundReadyBy(), rematch: this.table.rematchAskedBy() };
  }

  /** A table handed over here: its votes as they were (one no longer fitting the table is dropped). */
  takeVotes(votes: HeldVotes): void {
    const vote = (cast: () => void) => {
      try {
        cast();
      } catch {
        /* that seat is no person's now, or the game moved on: the vote has no place */
      }
    };
    for (const seat of votes.ready) vote(() => this.table.voteReady(seat, true));
    for (const seat of votes.rematch) vote(() => this.table.voteRematch(seat, true));
    this.watchRoundVote();
  }

  /**
   * Between rounds, the vote may complete without anyone's message: at once at a table of bots and
   * stand-ins, or when an away person's grace runs out. One timer per room, set again after each change.
   * `retry`: the agreed deal was just refused (the disk), so it is tried again a moment later, not at once.
   */
  watchRoundVote(retry = false): void {
    this.cancelRoundTimer?.();
    this.cancelRoundTimer = null;
    if (this.stopped) return;
    const now = this.ctx.clock.now();
    const agreed = this.table.nextRoundAgreed(now);
    const wait = agreed ? (retry ? STORAGE_RETRY_MS : 0) : this.table.nextRoundDueInMs(now);
    if (wait === null) return;
    // Never inside the change that made it due: everyone hears of the round's end before the deal.
    this.cancelRoundTimer = this.ctx.clock.after(wait, () => {
      this.cancelRoundTimer = null;
      if (this.stopped) return;
      try {
        const announcement = this.nextRoundIfAgreed();
        if (announcement) this.tell(announcement);
        else this.watchRoundVote(true);
      } catch (e) {
        this.ctx.report(
          `table ${this.table.id}: dealing the agreed next round failed: ${(e as Error).message}`,
        );
      }
    });
  }

  /**
   * The host's move for a bot or voted-out seat. Returns whether the move stands; a move the disk refused
   * is tried again a moment later (nobody else can move meanwhile).
   */
  private playFor(seat: number, move: Move, moveCount: number): boolean {
    if (this.stopped) return false;
    let announcement: Announcement;
    try {
      announcement = this.move(seat, move, moveCount);
    } catch (e) {
      this.ctx.report(
        `table ${this.table.id}: the host's move for seat ${seat} was refused (${(e as Error).message})`,
      );
      if (e instanceof TableError && e.code === 'unavailable') {
        this.ctx.clock.after(STORAGE_RETRY_MS, () => this.ctx.bots.kick(this.forBots));
      }
      return false;
    }
    const { failedAfter } = afterKept(() => this.tell(announcement));
    if (failedAfter) {
      // The move is logged and stands; something after it failed (a bug): tell everyone the game as it is.
      this.ctx.report(
        `table ${this.table.id}: after the host's move for seat ${seat}: ${failedAfter.message}`,
      );
      try {
        this.tell({ views: true });
      } catch {
        /* reported above */
      }
    }
    return true;
  }

  /** The table is closed: no round is dealt and no bot's move lands any more. */
  stop(): void {
    this.stopped = true;
    this.cancelRoundTimer?.();
    this.cancelRoundTimer = null;
  }
}
