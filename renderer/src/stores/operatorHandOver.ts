import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { HandOverReport } from '../../../shared/desktop-api';
import { useAppStore } from './app';

/** The operator's steps: type the receiver's address, it is asked for a code, the code is typed, the tables go. */
export type OperatorStep = 'address' | 'asking' | 'code' | 'sending' | 'done';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Is the page opened on the host's own computer (its loopback name), where its operator sits? */
export function isLoopbackPage(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname.toLowerCase());
}

/** The host's answer: its JSON, or its `error` as the reason (an HTTP status when it gave none). */
async function postHandOver(body: { to: string; code?: string }): Promise<unknown> {
  const res = await fetch('/api/hand-over', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as { error?: string } | null;
  if (!res.ok) throw new Error(data?.error ?? `HTTP ${res.status}`);
  return data;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Handing `npm run host`'s tables over from its own page, opened in a browser on the host's computer
 * (http://127.0.0.1:PORT/): the host's POST /api/hand-over accepts that page only. The desktop app hands
 * over through its bridge instead (stores/handOver.ts); a page opened from another machine never offers it.
 */
export const useOperatorHandOverStore = defineStore('operatorHandOver', () => {
  const available = !useAppStore().desktop && isLoopbackPage(globalThis.location?.hostname ?? '');
  const step = ref<OperatorStep>('address');
  /** The receiving computer's address as typed (ADDRESS or ADDRESS:PORT). */
  const to = ref('');
  const report = ref<HandOverReport | null>(null);
  const error = ref<string | null>(null);

  async function ask(address: string): Promise<void> {
    to.value = address;
    report.value = null;
    error.value = null;
    step.value = 'asking';
    try {
      await postHandOver({ to: address });
      step.value = 'code';
    } catch (e) {
      error.value = message(e);
      step.value = 'address';
    }
  }

  async function send(code: string): Promise<void> {
    error.value = null;
    step.value = 'sending';
    try {
      report.value = (await postHandOver({ to: to.value, code })) as HandOverReport;
      step.value = 'done';
    } catch (e) {
      error.value = message(e);
      step.value = 'code';
    }
  }

  function reset(): void {
    step.value = 'address';
    report.value = null;
    error.value = null;
  }

  return { available, step, to, report, error, ask, send, reset };
});
