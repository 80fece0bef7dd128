import type { MovedTo, ServerMessage, TableSummary } from '../../shared/protocol';
import type { Cancel, Clock } from './clock';
import type { Session } from './session';

/** How long lobby changes gather before one list goes out (a burst of joins sends one list). */
const COALESCE_MS = 50;

/**
 * The lobby list's audience: connections that asked for the list (until they sit down or watch a table)
 * and in-process listeners (the app's window, mDNS). They get the whole list, at most once per burst.
 */
export class Lobby {
  private readonly watchers = new Set<Session>();
  private readonly listeners = new Set<(tables: TableSummary[]) => void>();
  private cancelTimer: Cancel | null = null;

  constructor(
    private readonly list: () => TableSummary[],
    private readonly report: (problem: string) => void,
    private readonly clock: Clock,
    /** Where this host last handed its tables over (memory only): a lobby says where they went. */
    private readonly handedOver: { readonly last: MovedTo | null } = { last: null },
  ) {}

  private frame(tables: TableSummary[]): Extract<ServerMessage, { type: 'tables' }> {
    const to = this.handedOver.last;
    return to ? { type: 'tables', tables, handedOverTo: to } : { type: 'tables', tables };
  }

  /** The connection gets the list now and whenever it changes. */
  watch(session: Session): void {
    this.watchers.add(session);
    session.send(this.frame(this.list()));
  }

  unwatch(session: Session): void {
    this.watchers.delete(session);
  }

  listen(cb: (tables: TableSummary[]) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  changed(): void {
    this.cancelTimer ??= this.clock.after(COALESCE_MS, () => {
      this.cancelTimer = null;
      const tables = this.list();
      const text = JSON.stringify(this.frame(tables));
      for (const s of this.watchers) s.sendText(text);
      for (const cb of this.listeners) {
        try {
          cb(tables);
        } catch (e) {
          this.report(`tables listener failed: ${(e as Error).message}`);
        }
      }
    });
  }

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
