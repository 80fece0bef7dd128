import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { HandOverFailure, HandOverReport } from '../../../shared/desktop-api';
import { HandOverError, failureOf, failureOfAnswer } from '../../../shared/protocol/hand-over-failure';
import { parseAddress } from '../net/address';
import { checkHost } from '../net/host-check';

/** The operator's steps: type the receiver's address, it is asked for a code, the code is typed, the tables go. */
export type OperatorStep = 'address' | 'asking' | 'code' | 'sending' | 'done';

/** The host's answer: its JSON, or its failure (its code; `other` with the HTTP status when it gave none). */
async function postHandOver(
  body: { to: string; code?: string; withdraw?: true },
  signal?: AbortSignal,
): Promise<unknown> {
  const res = await fetch('/api/hand-over', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = failureOfAnswer(data, { code: 'other', detail: `HTTP ${res.status}` });
    throw new HandOverError(failure, failure.detail ?? failure.code);
  }
  return data;
}

/**
 * Handing `npm run host`'s tables over from its own page, opened in a browser on the host's computer
 * (http://127.0.0.1:PORT/): the host's POST /api/hand-over accepts that page only. The desktop app hands
 * over through its bridge instead (stores/handOver.ts); a page opened from another machine never offers it.
 */
export const useOperatorHandOverStore = defineStore('operatorHandOver', () => {
  const step = ref<OperatorStep>('address');
  /** The receiving computer's address as typed (ADDRESS or ADDRESS:PORT). */
  const to = ref('');
  /**
   * The receiving host's name (its /api/info), as its person and everyone at the party know it, once it
   * answered the ask; empty until then or if it did not say (the panel then names it by `to`).
   */
  const name = ref('');
  /** The receiving host's protocol, from the same /api/info, when it answered: which side is older. */
  const theirProtocol = ref<number | null>(null);
  const report = ref<HandOverReport | null>(null);
  /** Why the last step failed: its code, worded by the panel. */
  const failure = ref<HandOverFailure | null>(null);
  /** The ask under way: Cancel drops it (its late answer, or failure, then changes nothing). */
  let asking: AbortController | null = null;

  async function ask(address: string): Promise<void> {
    asking?.abort();
    const mine = (asking = new AbortController());
    to.value = address;
    name.value = '';
    theirProtocol.value = null;
    report.value = null;
    failure.value = null;
    step.value = 'asking';
    // Asked beside the ask, from this page (every host's /api/info is open to any page): the code step
    // then says "the code shown on Bo's computer", not on 192.168.1.20:47470.
    const parsed = parseAddress(address);
    const info = parsed.ok ? checkHost(parsed.host) : Promise.resolve(null);
    try {
      await postHandOver({ to: address }, mine.signal);
      const check = await info;
      if (mine.signal.aborted) return;
      if (check?.ok && check.info.name.trim()) name.value = check.info.name.trim();
      if (check?.ok) theirProtocol.value = check.info.protocol;
      step.value = 'code';
    } catch (e) {
      if (mine.signal.aborted) return;
      const why = failureOf(e);
      if (why.code === 'version') {
        const check = await info;
        if (check && !check.ok && check.reason === 'protocol') theirProtocol.value = check.protocol;
      }
      failure.value = why;
      step.value = 'address';
    } finally {
      if (asking === mine) asking = null;
    }
  }

  async function send(code: string): Promise<void> {
    failure.value = null;
    step.value = 'sending';
    try {
      report.value = (await postHandOver({ to: to.value, code })) as HandOverReport;
      step.value = 'done';
    } catch (e) {
      failure.value = failureOf(e);
      step.value = 'code';
    }
  }

  /**
   * Back to the address. An ask under way, or whose code is shown over there, is taken back: this page's
   * request is dropped, and the host withdraws its own, so the other computer stops showing the code.
   */
  function reset(): void {
    asking?.abort();
    asking = null;
    if (step.value === 'asking' || step.value === 'code')
      postHandOver({ to: to.value, withdraw: true }).catch(() => undefined); // an older host: its code expires
    step.value = 'address';
    name.value = '';
    theirProtocol.value = null;
    report.value = null;
    failure.value = null;
  }

  return { step, to, name, theirProtocol, report, failure, ask, send, reset };
});
