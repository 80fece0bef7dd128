import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ServerMessage } from '../../../shared/protocol';
import { useConnectionStore } from './connection';
import { useNoticesStore } from './notices';

/** A join the host answered with a request for the seat code (or a wrong one), to send again with it. */
export interface CodeAsk {
  url: string;
  tableId: string;
  name: string;
  seat?: number;
}

/** Refusals of a join that the code dialog answers, instead of a toast. */
const CODE_REFUSALS = new Set(['codeRequired', 'badCode', 'rateLimited']);
/** The host's refusals whose text is in this feature's section. */
const CONTROL_ERRORS = new Set(['tableLocked', 'noWatchers', 'codeRequired', 'badCode', 'removed']);

/**
 * The creator's hold on their table, on this screen: the seat code the host told us (creator only), the
 * creator's requests (lock, code, removing a person), and, for anyone joining, the dialog that asks for
 * a table's code.
 */
export const useTableControlStore = defineStore('tableControl', () => {
  const connection = useConnectionStore();
  const notices = useNoticesStore();

  /** Our table's seat code, as the host told it to us as its creator (nobody else hears it). */
  const code = ref<{ tableId: string; code: string | null } | null>(null);
  /** A join waiting for its code. */
  const asking = ref<CodeAsk | null>(null);
  /** Why the last code was refused, for the dialog to say. */
  const problem = ref<{ key: 'badCode' | 'rateLimited'; seconds?: number } | null>(null);

  let wired = false;
  function init(): void {
    if (wired) return;
    wired = true;
    connection.onMessage(onMessage);
  }

  function onMessage(msg: ServerMessage): void {
    if (msg.type === 'tableCode') code.value = { tableId: msg.tableId, code: msg.code };
    else if (msg.type === 'left' && code.value?.tableId === msg.tableId) code.value = null;
  }

  /** The code of table `tableId`, if this screen is its creator's. */
  function codeOf(tableId: string): string | null {
    return code.value?.tableId === tableId ? code.value.code : null;
  }

  /**
   * A refused join: the code dialog takes it when the refusal is about the code. Returns whether it did
   * (then no toast is needed).
   */
  function joinRefused(msg: Extract<ServerMessage, { type: 'error' }>, join: CodeAsk | null): boolean {
    if (!join || !CODE_REFUSALS.has(msg.code)) return false;
    if (msg.code === 'rateLimited' && msg.retryAfterSeconds === undefined) return false;
    asking.value = join;
    problem.value =
      msg.code === 'codeRequired'
        ? null
        : { key: msg.code as 'badCode' | 'rateLimited', seconds: msg.retryAfterSeconds };
    return true;
  }

  /** The i18n key of a refusal's text: this feature's own, or the common one. */
  const errorKey = (code: string): string =>
    CONTROL_ERRORS.has(code) ? `control.errors.${code}` : `errors.${code}`;

  /** The join waiting for a code, to send again with it (the table store sends: it imports this one). */
  function submitCode(): CodeAsk | null {
    problem.value = null;
    return asking.value;
  }

  function cancelCode(): void {
    asking.value = null;
    problem.value = null;
  }

  /** The join went through (or elsewhere): the dialog closes. */
  function seated(): void {
    cancelCode();
  }

  function send(msg: Parameters<typeof connection.send>[0]): void {
    if (!connection.send(msg)) notices.push({ kind: 'error', key: 'notice.notConnected' });
  }

  const lock = (locked: boolean, watchers: boolean) => send({ type: 'lockTable', locked, watchers });
  const setCode = (digits: string | null) => send({ type: 'setCode', code: digits });
  const removePerson = (seat: number) => send({ type: 'removePerson', seat });

  return {
    code,
    asking,
    problem,
    init,
    codeOf,
    joinRefused,
    errorKey,
    submitCode,
    cancelCode,
    seated,
    lock,
    setCode,
    removePerson,
  };
});

/** Four random digits from the platform's generator, for a new seat code. */
export function randomSeatCode(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] % 10_000;
  return String(n).padStart(4, '0');
}
