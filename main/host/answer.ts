import type { ClientMessageType } from '../../shared/protocol';
import type { Carried } from './changes';
import { TableError } from './errors';
import type { Session } from './session';

/** What answering needs of the table the asker is at (if any). */
export interface AnswerPorts {
  /** The game's move count there: a stale or refused move's answer says it. */
  moveCount(): number | undefined;
  /** The table again, whole, after a bug half way through telling people. */
  resend(): void;
  report(problem: string): void;
}

const MOVE_REFUSALS = new Set(['staleMove', 'notYourTurn', 'illegalMove']);

/**
 * Carries out one request and answers its asker truthfully: a refusal (a TableError: nothing changed) as
 * its error; a bug as `internal`, saying whether the request took effect, and if it did, the table is
 * sent again as it now is, since the broadcast may have stopped half way.
 */
export function answer(
  session: Session,
  to: ClientMessageType,
  run: () => Carried | void,
  ports: AnswerPorts,
): void {
  let done: Carried | void;
  try {
    done = run();
  } catch (e) {
    if (!(e instanceof TableError)) return failed(session, to, e, false, ports);
    const moveCount = MOVE_REFUSALS.has(e.code) ? ports.moveCount() : undefined;
    return session.error(e.code, e.message, {
      to,
      ...e.extra,
      ...(moveCount === undefined ? {} : { moveCount }),
    });
  }
  if (done?.failedAfter) failed(session, to, done.failedAfter, true, ports);
}

function failed(
  session: Session,
  to: ClientMessageType,
  e: unknown,
  tookEffect: boolean,
  ports: AnswerPorts,
): void {
  ports.report(`failed on ${to}: ${(e as Error).stack ?? String(e)}`);
  if (!tookEffect) {
    return session.error('internal', 'the host failed on this request (logged there); nothing changed', {
      to,
    });
  }
  session.error(
    'internal',
    'the host carried this out but then failed (logged there); the table as it now is follows',
    { to },
  );
  try {
    ports.resend();
  } catch (again) {
    ports.report(`could not resend the table after that failure: ${(again as Error).message}`);
  }
}
