import { viewFor } from '../../shared/engine';
import type { Move, SeatView } from '../../shared/engine';
import type { BotBrain } from './bot-brain';
import { botWaitMs } from './bot-pace';
import type { HostLimits } from './limits';
import type { Clock } from './clock';
import { sleepFor } from './clock';
import type { HostedTable } from './hosted-table';

/** A table the host plays seats of: `playFor` applies a move like a person's and says whether it stands. */
export interface BotTable {
  readonly table: HostedTable;
  playFor(seat: number, move: Move, moveCount: number): boolean;
}

/** What the host plays for a voted-out player: give the round up, or the mildest way out of a decision. */
export function passFor(view: SeatView): Move {
  const legal = view.legalMoves;
  const pick = (t: Move['type']) => legal.find((m) => m.type === t);
  return pick('pass') ?? pick('noDraw') ?? pick('end') ?? legal[0];
}

/**
 * Plays for bot and voted-out seats. A bot starts thinking at once (in the brain's thread) and its move is
 * applied no sooner than its table's pace allows after its turn began (longer after a deal), through the
 * same path as a person's move.
 */
export class BotDriver {
  private readonly busy = new Set<string>();
  private stopped = false;

  constructor(
    private readonly brain: BotBrain,
    private readonly timing: Pick<HostLimits, 'botPaces' | 'botDelayMs'>,
    private readonly report: (problem: string) => void,
    private readonly clock: Clock,
  ) {}

  /** Call after any change to a table: if a seat the host plays is to act, it will. */
  kick(room: BotTable): void {
    const table = room.table;
    if (this.stopped || this.busy.has(table.id)) return;
    const seat = table.automatedSeatToAct();
    if (seat === null || table.state === null) return;
    this.busy.add(table.id);
    const state = table.state;
    const view = viewFor(state, seat);
    const votedOut = table.seats[seat].votedOut;
    const started = this.clock.now();
    const thinking = votedOut
      ? Promise.resolve(passFor(view))
      : this.brain.choose(view, state.moveCount, table.botLevelAt(seat), table.botThinkAt(seat));
    void thinking
      .catch((e: Error) => {
        this.report(`table ${table.id}: bot failed (${e.message}); it gives the round up`);
        return passFor(view);
      })
      .then(async (move) => {
        const pace = botWaitMs(table.botPace, state, this.timing.botPaces, this.timing.botDelayMs);
        const wait = pace - (this.clock.now() - started);
        if (wait > 0) await sleepFor(this.clock, wait);
        this.busy.delete(table.id);
        // The position may have moved on (a person took the seat back, the table was removed).
        if (
          this.stopped ||
          table.state?.moveCount !== state.moveCount ||
          table.automatedSeatToAct() !== seat
        ) {
          this.kick(room);
          return;
        }
        if (room.playFor(seat, move, state.moveCount)) this.kick(room);
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.brain.close();
  }
}
