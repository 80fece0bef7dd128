import type { SeatView } from '../../shared/engine';
import { viewFrame } from '../../shared/protocol';

/** The one thing the feed needs of a connection. */
export interface ViewReceiver {
  sendText(text: string): void;
}

/**
 * One table's views on their way out: it remembers the last view each connection was sent, so the next
 * one can go as a delta (`viewFrame` decides). With `deltas` off every view goes whole, as in protocol 1:
 * kept for measurements.
 */
export class ViewFeed {
  private readonly last = new WeakMap<ViewReceiver, SeatView>();

  constructor(private readonly deltas = true) {}

  /** Sends `view` of table `tableId`; `whole`: the full view whatever came before (arrival, sync). */
  send(to: ViewReceiver, tableId: string, view: SeatView, whole = false): void {
    const { text } = viewFrame(tableId, this.last.get(to) ?? null, view, whole || !this.deltas);
    this.last.set(to, view);
    to.sendText(text);
  }

  /** Sends one view to many connections (spectators): those last sent the same view share one frame text. */
  sendAll(to: Iterable<ViewReceiver>, tableId: string, view: SeatView): void {
    const texts = new Map<SeatView | null, string>();
    for (const r of to) {
      const prev = this.last.get(r) ?? null;
      let text = texts.get(prev);
      if (text === undefined) {
        text = viewFrame(tableId, prev, view, !this.deltas).text;
        texts.set(prev, text);
      }
      this.last.set(r, view);
      r.sendText(text);
    }
  }

  /** The connection left the table: whatever it is sent next goes whole. */
  forget(to: ViewReceiver): void {
    this.last.delete(to);
  }
}
