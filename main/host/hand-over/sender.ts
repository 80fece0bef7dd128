import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import {
  HAND_OVER_ASK_TIMEOUT_MS,
  HAND_OVER_BUNDLE_BYTES_MAX,
  HandOverError,
  HandOverPrepareAnswerSchema,
  type HandOverPrepareAnswer,
  failureOf,
  failureOfAnswer,
  type HandOverFailure,
  type HandOverReport,
  type HandOverState,
  type MovedTo,
} from '../../../shared/protocol';
import type { TableStore } from '../store';
import { collectTables } from './bundle';
import { postWatched } from './upload';
import type { HandOverFiles } from './files';
import type { FrozenTables } from './frozen';
import type { HandOverRooms } from './rooms';

export interface Peer {
  address: string;
  port: number;
}

/** The sender's marker (`hand-over-out.json`): written before the prepare, replaced before the commit. */
interface Marker {
  id: string;
  peer: Peer;
  to: MovedTo;
  /** 'prepared': the commit was never sent (the tables may play on here); 'committing': it may have arrived. */
  stage: 'prepared' | 'committing';
  tables: string[];
  evening: boolean;
}

const MARKER = 'hand-over-out.json';
/**
 * The commit and a hand-over's state: they do work at the receiver, and a commit given up too soon leaves
 * the tables frozen until it answers. The prepare (every table's log, up to 32 MB) waits the host's
 * `handOverQuietMs` (15 s) only while nothing happens (upload.ts): its bytes go at the network's pace. The ask and the info are answered at
 * once: HAND_OVER_ASK_TIMEOUT_MS (shared/protocol/hand-over.ts says why 5 s).
 */
const TIMEOUT_MS = 15_000;
const RETRY_MS = 5_000;

const url = (peer: Peer, path: string) =>
  `http://${peer.address.includes(':') ? `[${peer.address}]` : peer.address}:${peer.port}${path}`;

const where = (peer: Peer) => `${peer.address}:${peer.port}`;
const samePeer = (a: Peer, b: Peer) => a.address === b.address && a.port === b.port;

/**
 * A request to the other host; its refusal (with its code), or why it could not be reached, as the error:
 * `noAnswer` when nothing came back in `timeoutMs` (dropped packets), `unreachable` when refused at once.
 */
async function call<T>(
  peer: Peer,
  path: string,
  body?: unknown,
  timeoutMs = TIMEOUT_MS,
  cancel?: AbortSignal,
): Promise<T> {
  let res: Response;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url(peer, path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout,
    });
  } catch (e) {
    if (cancel?.aborted)
      throw new HandOverError({ code: 'withdrawn' }, `the ask of ${where(peer)} was withdrawn`, { cause: e });
    if ((e as Error).name === 'TimeoutError')
      throw new HandOverError(
        { code: 'noAnswer', address: where(peer) },
        `${where(peer)} did not answer in ${timeoutMs / 1000} s`,
        { cause: e },
      );
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
    throw new HandOverError(
      { code: 'unreachable', address: where(peer) },
      `${where(peer)} cannot be reached (${cause})`,
      { cause: e },
    );
  }
  return answerOf<T>(peer, res.status, await res.json().catch(() => null));
}

/** A 2xx answer's JSON, else the refusal it carries (an answer that is not JSON: `badAnswer`). */
function answerOf<T>(peer: Peer, status: number, data: unknown): T {
  if (status < 200 || status > 299 || data === null) {
    const unlike = { code: 'badAnswer', address: where(peer) } as const;
    throw new Refused(
      status,
      failureOfAnswer(data, { ...unlike, detail: `${where(peer)} answered ${status}` }),
    );
  }
  return data as T;
}

/** The other host answered with a refusal (its HTTP status); an older one's, without a code, reads as `other`. */
class Refused extends HandOverError {
  constructor(
    readonly status: number,
    failure: HandOverFailure,
  ) {
    const { detail, ...rest } = failure;
    super(rest, detail ?? failure.code);
  }
}

/** The prepare's answer checked: a receiver that answers something else did not take the tables. */
function readReport(peer: Peer, data: unknown): HandOverPrepareAnswer {
  const r = v.safeParse(HandOverPrepareAnswerSchema, data);
  if (r.success) return r.output;
  throw new HandOverError(
    { code: 'badAnswer', address: where(peer) },
    `${where(peer)} answered the prepare with something else (${r.issues[0].message})`,
  );
}

/**
 * The sending side: only this host's person starts it (the API, or the loopback-only HTTP call). It
 * freezes every table, keeps a marker, prepares at the receiver, commits, then tells everyone where their
 * table went. A restart finishes what a killed process left (see `recover`).
 */
export class HandOverSender {
  private busy = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** The last ask, until its code was taken or it was withdrawn: what Cancel takes back. */
  private asking: { peer: Peer; id: string; cancel: AbortController } | null = null;

  constructor(
    private readonly hostName: () => string,
    private readonly protocol: number,
    private readonly rooms: HandOverRooms,
    private readonly frozen: FrozenTables,
    private readonly store: Pick<TableStore, 'flush' | 'loadAll' | 'loadEvening'>,
    private readonly files: HandOverFiles,
    private readonly report: (problem: string) => void,
    /** How long the prepare may go with no byte taken and no word back (HostLimits.handOverQuietMs). */
    private readonly quietMs: number,
  ) {}

  async ask(peer: Peer): Promise<void> {
    const before = this.asking;
    // Another computer asked instead: the one asked before stops showing its code.
    if (before && !samePeer(before.peer, peer)) void this.withdraw(before.peer);
    else before?.cancel.abort();
    const mine = { peer, id: randomBytes(12).toString('base64url'), cancel: new AbortController() };
    this.asking = mine;
    try {
      await call(
        peer,
        '/api/hand-over/ask',
        { from: this.hostName(), protocol: this.protocol, ask: mine.id },
        HAND_OVER_ASK_TIMEOUT_MS,
        mine.cancel.signal,
      );
    } catch (e) {
      // Given up on (no answer in time), it may still get there: taken back, it shows no code when it does.
      if (this.asking === mine && failureOf(e).code === 'noAnswer') void this.withdraw(peer);
      else if (this.asking === mine) this.asking = null;
      throw e;
    }
  }

  /**
   * Takes the ask of `peer` (of any, when not given) back: its request, if still on its way, is cut off,
   * and the receiver is told, so its screen no longer shows a code nobody will type (and the receiver is
   * free for another host's ask). A receiver of an older version knows no withdrawal: its code expires.
   */
  async withdraw(peer?: Peer): Promise<void> {
    const mine = this.asking;
    if (!mine || (peer && !samePeer(mine.peer, peer))) return;
    this.asking = null;
    mine.cancel.abort();
    await call(mine.peer, '/api/hand-over/withdraw', { ask: mine.id }, HAND_OVER_ASK_TIMEOUT_MS).catch(
      (e: Error) => this.report(`hand-over: the ask of ${where(mine.peer)} not withdrawn (${e.message})`),
    );
  }

  async send(peer: Peer, code: string): Promise<HandOverReport> {
    if (this.busy || this.files.read<Marker>(MARKER, this.report))
      throw new HandOverError({ code: 'busy' }, 'a hand-over is already under way on this host');
    this.busy = true;
    try {
      const report = await this.sendAll(peer, code);
      // Its code was taken: nothing is left to withdraw.
      if (this.asking && samePeer(this.asking.peer, peer)) this.asking = null;
      return report;
    } finally {
      this.busy = false;
    }
  }

  private async sendAll(peer: Peer, code: string): Promise<HandOverReport> {
    const info = await call<{ name: string; addresses: string[]; port: number; protocol: number }>(
      peer,
      '/api/info',
      undefined,
      HAND_OVER_ASK_TIMEOUT_MS,
    );
    if (info.protocol !== this.protocol)
      throw new HandOverError(
        { code: 'version', name: info.name },
        `"${info.name}" is another version (protocol ${info.protocol}, this host ${this.protocol}): update the older app`,
      );
    // Clients reach the receiver where this host did first, then where it says the LAN reaches it.
    const to: MovedTo = {
      name: info.name,
      addresses: [...new Set([peer.address, ...info.addresses])],
      port: info.port,
    };
    const ids = this.rooms.ids();
    const id = randomBytes(12).toString('base64url');
    this.frozen.freeze(ids);
    let marker: Marker | null = null;
    let report: HandOverPrepareAnswer;
    try {
      await this.store.flush();
      const tables = collectTables(this.store, new Set(ids), (id) => this.rooms.votesOf(id));
      const evening = this.store.loadEvening();
      marker = { id, peer, to, stage: 'prepared', tables: ids, evening: evening !== null && evening !== '' };
      this.files.write(MARKER, marker);
      const bundle = JSON.stringify({
        id,
        code,
        from: this.hostName(),
        tables,
        evening: marker.evening ? evening : null,
      });
      // The receiver reads no more (http.ts): refused here, rather than after minutes of sending it.
      if (Buffer.byteLength(bundle) > HAND_OVER_BUNDLE_BYTES_MAX)
        throw new HandOverError(
          { code: 'tooLarge' },
          `the tables are ${Buffer.byteLength(bundle)} bytes, more than the ${HAND_OVER_BUNDLE_BYTES_MAX} a receiver reads`,
        );
      const target = { ...peer, where: where(peer), name: to.name };
      const sent = await postWatched(target, '/api/hand-over/prepare', bundle, this.quietMs);
      report = readReport(peer, answerOf<unknown>(peer, sent.status, sent.data));
    } catch (e) {
      // Nothing moved: every table plays on here at once (the commit was never sent), and the receiver is
      // told to forget what it may have kept; a network gone quiet must not keep the tables frozen for that
      // too (unheard, the receiver drops it after PREPARED_KEPT_MS).
      if (marker)
        void call(peer, '/api/hand-over/abort', { id }).catch((a: Error) =>
          this.report(`hand-over: ${id} not aborted at ${where(peer)} (${a.message}); it drops it in time`),
        );
      this.endWith(ids, []);
      throw e;
    }
    const moved = report.moved.filter((t) => ids.includes(t));
    const stay = ids.filter((t) => !moved.includes(t));
    const hadEvening = marker.evening;
    marker = { ...marker, stage: 'committing', tables: moved, evening: report.evening === true };
    this.files.write(MARKER, marker);
    this.frozen.thaw(stay);
    this.rooms.thawed(stay);
    try {
      await call(peer, '/api/hand-over/commit', { id });
    } catch (e) {
      if (e instanceof Refused && e.status === 404) {
        // The receiver knows no such hand-over (it was aborted): the tables are still only here.
        this.endWith(moved, []);
        throw e;
      }
      // It may have committed: never play these twice. They stay frozen until the receiver says how it ended.
      this.report(
        `hand-over: the commit may not have arrived (${(e as Error).message}); the tables stay frozen until "${to.name}" answers`,
      );
      this.watch(marker);
      throw new HandOverError(
        { code: 'commitUnsure', name: to.name },
        `${(e as Error).message}: the tables wait, frozen, until it answers`,
        { cause: e },
      );
    }
    const away = this.endWith([], moved, marker);
    return {
      to: to.name,
      moved,
      refused: report.refused,
      ...(away > 0 ? { away } : {}),
      ...(hadEvening ? { evening: report.evening === true ? ('moved' as const) : ('stayed' as const) } : {}),
    };
  }

  /** A restart: a marker left by a killed process is settled by asking the receiver how it ended. */
  recover(): Promise<void> {
    const marker = this.files.read<Marker>(MARKER, this.report);
    if (!marker) return Promise.resolve();
    this.frozen.freeze(marker.tables);
    return this.settle(marker);
  }

  private async settle(marker: Marker): Promise<void> {
    let state: HandOverState;
    try {
      state = (await call<{ state: HandOverState }>(marker.peer, `/api/hand-over/${marker.id}`)).state;
      if (state === 'prepared') {
        await call(marker.peer, '/api/hand-over/abort', { id: marker.id });
        state = 'unknown';
      }
    } catch (e) {
      if (marker.stage === 'prepared') {
        // The commit was never sent: the receiver cannot play them.
        this.report(`hand-over: ${(e as Error).message}; it was never committed, the tables play on here`);
        return void this.endWith(marker.tables, []);
      }
      this.report(`hand-over: ${(e as Error).message}; the tables stay frozen until it answers`);
      return this.watch(marker);
    }
    if (state === 'committed') this.endWith([], marker.tables, marker);
    else this.endWith(marker.tables, []);
  }

  /** Asks again now and then, while frozen tables wait for a receiver that did not answer. */
  private watch(marker: Marker): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.settle(marker), RETRY_MS);
    this.retry.unref();
  }

  stop(): void {
    if (this.retry) clearTimeout(this.retry);
  }

  /**
   * Thaws what stays, lets go of what moved (after the receiver's commit), and drops the marker. Returns
   * how many people of the moved tables were away, to be told where when they come back here.
   */
  private endWith(stay: string[], moved: string[], marker?: Marker): number {
    this.frozen.thaw(stay);
    this.rooms.thawed(stay);
    let away = 0;
    if (marker && moved.length > 0) {
      away = this.rooms.release(moved, marker.to);
      this.frozen.thaw(moved);
    }
    if (marker?.evening) this.rooms.dropEvening();
    this.files.remove(MARKER);
    return away;
  }
}
