import type { SeatView } from '../../shared/engine';
import { viewFrame } from '../../shared/protocol';

/** The one thing the feed needs of a connection. */
export interface ViewReceiver {
  sendText(text: string): void;
}

/**
 * Remembers the last view each connection was sent, so the next one can go as a delta (`viewFrame`
 * decides). With `deltas` off every view goes whole, as in protocol 1: kept for measurements.
 */
export class ViewFeed {
  private readonly last = new WeakMap<ViewReceiver, { tableId: string; view: SeatView }>();

  constructor(private readonly deltas = true) {}

  /** Sends `view` of table `tableId`; `whole`: the full view whatever came before (join, resume, sync). */
  send(to: ViewReceiver, tableId: string, view: SeatView, whole = false): void {
    const { text } = viewFrame(tableId, this.previous(to, tableId), view, whole || !this.deltas);
    this.last.set(to, { tableId, view });
    to.sendText(text);
  }

  /**
   * Sends one view to many connections (a table's spectators): those that were last sent the same view
   * share one frame text.
   */
  sendAll(to: Iterable<ViewReceiver>, tableId: string, view: SeatView): void {
    const texts = new Map<SeatView | null, string>();
    for (const r of to) {
      const prev = this.previous(r, tableId);
      let text = texts.get(prev);
      if (text === undefined) {
        text = viewFrame(tableId, prev, view, !this.deltas).text;
        texts.set(prev, text);
      }
      this.last.set(r, { tableId, view });
      r.sendText(text);
    }
  }

  /** The connection left its table: whatever it is sent next goes whole. */
  forget(to: ViewReceiver): void {
    this.last.delete(to);
  }

  private previous(to: ViewReceiver, tableId: string): SeatView | null {
    const last = this.last.get(to);
    return last?.tableId === tableId ? last.view : null;
  }
}
