import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  HandOverAsk,
  HandOverFailure,
  HandOverReport,
  HandOverTarget,
} from '../../../shared/desktop-api';
import { failureOf } from '../../../shared/protocol/hand-over-failure';
import { services } from '../services';
import { useHostingStore } from './hosting';

/** The sender's steps: choose a target, it is asked for a code, the code is typed, the tables go. */
export type SendStep = 'choose' | 'asking' | 'code' | 'sending' | 'done';

/**
 * Handing this machine's tables to another host, and taking another host's (desktop app only: a browser
 * page has no hand-over). The targets come from the bridge (hosts announced by mDNS); the address each one
 * answered from stays in main, which the page names by key.
 */
export const useHandOverStore = defineStore('handOver', () => {
  const hosting = useHostingStore();
  const found = ref(new Map<string, HandOverTarget>());
  const step = ref<SendStep>('choose');
  const chosen = ref<HandOverTarget | null>(null);
  const report = ref<HandOverReport | null>(null);
  /** Why the last step failed: its code, worded by the panel. */
  const failure = ref<HandOverFailure | null>(null);
  /** Taking tables over: the switch, and what arrived. */
  const receiving = ref(false);
  const switching = ref(false);
  const asked = ref<HandOverAsk | null>(null);
  const received = ref<{ from: string; tables: number } | null>(null);
  const stops: (() => void)[] = [];
  let stopBrowsing: (() => void) | null = null;
  /** Counts asks and resets: an ask's answer after Cancel (or a newer ask) changes nothing. */
  let asks = 0;
  let users = 0;

  /** Every target but this machine's own host (it hears its own announcement too). */
  const targets = computed(() =>
    [...found.value.values()].filter((t) => !hosting.hosts({ ...t, addresses: [] })),
  );

  function start(): void {
    if (users++ > 0 || services().bridge.kind !== 'desktop') return;
    const host = services().bridge.api.host;
    stops.push(
      host.onHandOverAsked((ask) => {
        asked.value = ask;
        received.value = null;
      }),
      host.onTablesReceived((r) => {
        received.value = r;
        asked.value = null;
        void hosting.refresh();
      }),
    );
  }

  function stop(): void {
    if (--users > 0) return;
    users = 0;
    stops.splice(0).forEach((s) => s());
    browse(false);
  }

  /** Looks for computers that take tables over only while this one hosts (it has tables to hand over). */
  function browse(on: boolean): void {
    if (!on || services().bridge.kind !== 'desktop') {
      stopBrowsing?.();
      stopBrowsing = null;
      found.value = new Map();
      return;
    }
    stopBrowsing ??= services().bridge.api.host.handOverTargets((e) => {
      const next = new Map(found.value);
      if (e.type === 'down') next.delete(e.key);
      else next.set(e.target.key, e.target);
      found.value = next;
    });
  }

  /** Reads whether this machine takes tables over now (the host status says). */
  function sync(): void {
    const s = hosting.status;
    receiving.value = s.running && s.receiving;
    browse(users > 0 && s.running);
    // Tables taken over are this host's while it runs; once stopped, the line would say otherwise.
    if (!s.running) received.value = null;
  }

  async function setReceiving(on: boolean): Promise<void> {
    switching.value = true;
    failure.value = null;
    try {
      await services().bridge.api.host.receiveTables(on);
      receiving.value = on;
      if (!on) asked.value = null;
    } catch (e) {
      failure.value = failureOf(e);
    } finally {
      switching.value = false;
      await hosting.refresh();
    }
  }

  async function ask(target: HandOverTarget): Promise<void> {
    const mine = ++asks;
    chosen.value = target;
    report.value = null;
    failure.value = null;
    step.value = 'asking';
    try {
      const asked = await services().bridge.api.host.askHandOver(target.key);
      if (mine !== asks) return;
      if (asked.ok) step.value = 'code';
      else fail(asked.failure, 'choose');
    } catch (e) {
      if (mine === asks) fail(failureOf(e), 'choose');
    }
  }

  async function send(code: string): Promise<void> {
    const target = chosen.value;
    if (!target) return;
    failure.value = null;
    step.value = 'sending';
    try {
      const sent = await services().bridge.api.host.handOver(target.key, code);
      if (sent.ok) {
        report.value = sent.value;
        step.value = 'done';
      } else fail(sent.failure, 'code');
    } catch (e) {
      fail(failureOf(e), 'code');
    } finally {
      await hosting.refresh();
    }
  }

  function fail(why: HandOverFailure, back: SendStep): void {
    failure.value = why;
    step.value = back;
  }

  /**
   * Back to choosing. An ask under way, or whose code is shown over there, is taken back: its late answer
   * changes nothing here, and the other computer stops showing the code.
   */
  function reset(): void {
    asks++;
    const target = chosen.value;
    if (target && (step.value === 'asking' || step.value === 'code'))
      services()
        .bridge.api.host.withdrawHandOver(target.key)
        .catch(() => undefined);
    step.value = 'choose';
    chosen.value = null;
    report.value = null;
    failure.value = null;
  }

  return {
    targets,
    step,
    chosen,
    report,
    failure,
    receiving,
    switching,
    asked,
    received,
    start,
    stop,
    sync,
    setReceiving,
    ask,
    send,
    reset,
  };
});
