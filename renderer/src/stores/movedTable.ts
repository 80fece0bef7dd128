import type { ServerMessage } from '../../../shared/protocol';
import { httpUrl, wsUrl } from '../net/address';
import { carriedSeat, movedHost, movedPageUrl } from '../net/moved';
import { services } from '../services';
import { useNoticesStore } from './notices';
import { useSavedSeatsStore } from './savedSeats';
import type { TableSession } from './session';

/**
 * How long the notice stays: long enough to read (it stayed until closed by hand). On a phone it sits at the
 * top of the screen, clear of the turn's buttons and the hand (NoticeToasts).
 */
export const MOVED_NOTICE_MS = 12_000;

/**
 * Our table moved to another host (`moved`): the notice, and the new host's WebSocket address for the
 * session to follow with its token (`followHost`). Null: the page itself goes, a page the old host served,
 * which cannot reach another host's WebSocket: it loads the new host's own page at the table, the seat in
 * the URL fragment.
 */
export function followMoved(msg: Extract<ServerMessage, { type: 'moved' }>, s: TableSession): string | null {
  useNoticesStore().push(
    { kind: 'info', key: 'notice.tableMoved', params: { host: msg.to.name } },
    MOVED_NOTICE_MS,
  );
  const host = movedHost(msg.to);
  if (!host) return null;
  const nav = services().nav;
  if (services().originWsUrl !== null && nav?.load) {
    const { token, seat } = s;
    nav.load(
      token && seat !== undefined
        ? movedPageUrl(host, { tableId: s.tableId, token, seat, from: msg.to.name })
        : `${httpUrl(host)}#/table/${s.tableId}`,
    );
    return null;
  }
  return wsUrl(host);
}

/**
 * A page opened by a moved table (the new host's own): the seat its fragment carries is kept as this
 * browser's seat at the table, and taken out of the address bar (replaced, so not in the history either);
 * the route then resumes it as any seat kept here.
 */
export function adoptCarriedSeat(): void {
  const nav = services().nav;
  const origin = services().originWsUrl;
  const carried = nav && origin ? carriedSeat(nav.current()) : null;
  if (!nav || !origin || !carried) return;
  const { seat } = carried;
  useSavedSeatsStore().remember(origin, seat.tableId, {
    token: seat.token,
    seat: seat.seat,
    tableName: '',
    savedAt: Date.now(),
  });
  nav.replace(carried.hash);
  if (seat.from)
    useNoticesStore().push(
      { kind: 'info', key: 'notice.tableMoved', params: { host: seat.from } },
      MOVED_NOTICE_MS,
    );
}
