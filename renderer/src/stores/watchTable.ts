import { shallowRef, type ShallowRef } from 'vue';
import type { SeatView } from '../../../shared/engine/types';
import { applyDelta, type ServerMessage, type TableInfo } from '../../../shared/protocol';
import { services } from '../services';

/** One table as the room screen sees it: a spectator's table and view, or why it cannot be watched. */
export interface Watched {
  info: TableInfo | null;
  view: SeatView | null;
  /** The host turned this watcher away (a table locked to watchers, or gone): its error code. */
  refused: string | null;
}

export interface TableWatch {
  state: ShallowRef<Watched>;
  close(): void;
}

/**
 * A spectator's link to one table, of its own: a connection is at one place at a time, and the room
 * screen watches every table at once. It sees what any watcher sees (the host's spectator projection:
 * palettes, the rule, hand counts, never a hand), and follows the table through reconnections.
 */
export function watchTable(url: string, tableId: string, name: string): TableWatch {
  const state = shallowRef<Watched>({ info: null, view: null, refused: null });
  const client = services().createClient(url);
  let syncAsked = false;
  const set = (patch: Partial<Watched>): void => {
    state.value = { ...state.value, ...patch };
  };

  function handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'table':
        if (msg.table.id === tableId) set({ info: msg.table, refused: null });
        return;
      case 'view':
        if (msg.tableId !== tableId) return;
        syncAsked = false;
        set({ view: msg.view });
        return;
      case 'viewDelta': {
        if (msg.tableId !== tableId) return;
        const result = state.value.view ? applyDelta(state.value.view, msg) : null;
        if (result?.ok) set({ view: result.view });
        // A missed frame: the view stays as it was until the whole one comes.
        else if (!syncAsked) syncAsked = client.send({ type: 'sync' });
        return;
      }
      case 'error':
        if (msg.to === 'spectate') set({ refused: msg.code });
        if (msg.to === 'sync') syncAsked = false;
        return;
      case 'left':
        if (msg.tableId === tableId) set({ refused: msg.reason ?? 'left' });
        return;
      default:
        return;
    }
  }

  const detach = [
    client.onMessage(handle),
    // After every (re)connection: watch again (a spectator has no token to resume by).
    client.onWelcome(() => {
      syncAsked = false;
      client.send({ type: 'spectate', tableId, name });
    }),
  ];
  client.connect();
  return {
    state,
    close(): void {
      for (const d of detach) d();
      client.close();
    },
  };
}
