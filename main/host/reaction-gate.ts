import { REACTION_RATE, takeReactionSlot, type Reaction } from '../../shared/protocol';
import { TableError } from './errors';

/** What becomes of one reaction: passed on, dropped with one word to the sender, or dropped silently. */
export type ReactionVerdict = 'send' | 'dropAndTell' | 'drop';

/**
 * Each seat's reactions over a sliding window: at most `count` in any `windowMs`. Per seat, not per
 * connection, so a reconnect does not refill it. The first drop of a burst is told to the sender, the
 * rest of the burst are dropped without a word (no error storm); a reaction that passes starts a new
 * burst. Held in memory only: nothing about reactions is kept.
 */
export class ReactionGate {
  private readonly sent = new Map<number, number[]>();
  private readonly told = new Set<number>();

  constructor(private readonly rate: { count: number; windowMs: number } = REACTION_RATE) {}

  take(seat: number, now: number): ReactionVerdict {
    const times = this.sent.get(seat) ?? [];
    this.sent.set(seat, times);
    if (takeReactionSlot(times, now, this.rate)) {
      this.told.delete(seat);
      return 'send';
    }
    if (this.told.has(seat)) return 'drop';
    this.told.add(seat);
    return 'dropAndTell';
  }
}

/**
 * One table's reactions: who may send (a seated person; spectators watch them), the rate, and the
 * frame to everyone at the table. Never in the table's log, snapshot or record.
 */
export class TableReactions {
  private readonly gate = new ReactionGate();

  constructor(private readonly tell: (seat: number, reaction: Reaction) => void) {}

  /** `seat` null: the sender watches the table. A refusal is thrown; a silent drop returns. */
  react(seat: number | null, reaction: Reaction, now: number): void {
    if (seat === null)
      throw new TableError('notSeated', 'only a seated player may react; spectators see the reactions');
    const verdict = this.gate.take(seat, now);
    if (verdict === 'send') return this.tell(seat, reaction);
    if (verdict === 'dropAndTell') {
      const { count, windowMs } = REACTION_RATE;
      throw new TableError(
        'rateLimited',
        `at most ${count} reactions in ${windowMs / 1000} seconds; the rest are dropped`,
      );
    }
  }
}
