import type { Move } from '../../shared/engine';
import { afterKept, keepOrUndo, type Done } from './changes';
import { TableError } from './errors';
import { newSeed } from './ids';
import type { Room } from './room';
import type { RoomContext } from './room-context';
import type { Table } from './table';

/** How soon the host tries again a bot's move that the disk refused. */
const STORAGE_RETRY_MS = 1000;

/**
 * A room's games: the first start, the rematch vote (the last vote needed starts the next game), and every
 * move, a person's or the host's for a bot. Each is in the log before anyone hears of it; telling people
 * is the room's (`changed`).
 */
export class RoomPlay {
  constructor(
    private readonly room: Room,
    private readonly ctx: RoomContext,
  ) {}

  private get table(): Table {
    return this.room.table;
  }

  private get id(): string {
    return this.room.id;
  }

  start(by: number): Done {
    return this.beginGame(() => this.table.start(by, newSeed(), Date.now()));
  }

  /** A vote for a rematch (or its withdrawal); the last vote needed starts the game for everyone. */
  rematch(by: number, ready: boolean): Done {
    const undo = this.table.checkpoint();
    this.table.voteRematch(by, ready, Date.now());
    if (!this.table.rematchAgreed) return afterKept(() => this.room.changed({}));
    try {
      return this.beginGame(() => this.table.rematch(newSeed(), Date.now()));
    } catch (e) {
      undo(); // refused (the disk): the vote did not count either, so the player may simply ask again
      throw e;
    }
  }

  /**
   * After a seat change at a finished table (someone left, was replaced or voted out): if everyone still
   * seated had already asked for a rematch, it starts. Returns whether it did.
   */
  rematchIfAgreed(): boolean {
    if (!this.table.rematchAgreed) return false;
    let done: Done;
    try {
      done = this.beginGame(() => this.table.rematch(newSeed(), Date.now()));
    } catch (e) {
      if (!(e instanceof TableError)) throw e;
      // The disk refused the new game: the votes stand, and the next change or vote tries again.
      this.ctx.report(`table ${this.id}: the agreed rematch could not start (${e.message})`);
      return false;
    }
    if (done.failedAfter) throw done.failedAfter;
    return true;
  }

  /** A game begins once the log holds its start (its seed): a restart replays it from there. */
  private beginGame(begin: () => void): Done {
    this.persist(() => {
      begin();
      const state = this.table.state!;
      this.ctx.store.appendStart(this.id, this.table.game, state.options, state.seed);
    }, this.table.checkpoint());
    return afterKept(() => {
      this.ctx.store.save(this.id, true);
      this.room.changed({ views: true, list: true });
    });
  }

  /** The one path of every move, a person's or a bot's: check, apply, log, then tell everyone. */
  move(seat: number, move: Move, moveCount: number): Done {
    const before = this.table.status;
    // Nobody hears of a move before the log holds it.
    this.persist(
      () => this.ctx.store.appendMove(this.id, this.table.play(seat, move, moveCount, Date.now())),
      this.table.checkpoint(),
    );
    return afterKept(() => {
      this.ctx.store.save(this.id);
      const ended = this.table.status !== before;
      this.room.changed({ table: ended, views: true, list: ended });
    });
  }

  /** The host's move for a bot or voted-out seat. Returns whether the move stands. */
  playFor(seat: number, move: Move, moveCount: number): boolean {
    let done: Done;
    try {
      done = this.move(seat, move, moveCount);
    } catch (e) {
      this.ctx.report(
        `table ${this.id}: the host's move for seat ${seat} was refused (${(e as Error).message})`,
      );
      // A disk that refused the move may take it later; nobody else can move meanwhile, so try again.
      if (e instanceof TableError && e.code === 'unavailable') {
        setTimeout(() => this.ctx.bots.kick(this.room), STORAGE_RETRY_MS).unref();
      }
      return false;
    }
    if (done.failedAfter) {
      // The move is logged and stands; something after it failed (a bug): tell everyone the game as it is.
      this.ctx.report(
        `table ${this.id}: after the host's move for seat ${seat}: ${done.failedAfter.message}`,
      );
      try {
        this.room.changed({ views: true });
      } catch {
        /* reported above */
      }
    }
    return true;
  }

  private persist(write: () => void, undo: () => void): void {
    keepOrUndo(write, undo, this.ctx.report);
  }
}
