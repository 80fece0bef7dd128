import { defineStore } from 'pinia';
import { markRaw, ref, shallowRef } from 'vue';
import type { ClientMessage, ServerMessage } from '../../../shared/protocol';
import type { ConnectionStatus, GameClient } from '../net/client';
import { services } from '../services';

type Handler = (msg: ServerMessage) => void;

/**
 * The one live link to a host. Other stores send through it and register to hear the host;
 * components only read its status (connected / reconnecting / lost).
 */
export const useConnectionStore = defineStore('connection', () => {
  const client = shallowRef<GameClient | null>(null);
  const url = ref<string | null>(null);
  const status = ref<ConnectionStatus>({ state: 'idle', attempt: 0, retryAt: null, reason: null });
  const hostName = ref<string | null>(null);
  const handlers = new Set<Handler>();
  const welcomeHandlers = new Set<() => void>();
  let detach: (() => void)[] = [];

  /** Opens (or keeps) the link to `target`; closes a link to any other host first. */
  function connect(target: string): GameClient {
    if (client.value && url.value === target && client.value.status.state !== 'closed') {
      if (client.value.status.state === 'lost') client.value.retryNow();
      return client.value;
    }
    disconnect();
    const c = markRaw(services().createClient(target));
    detach = [
      c.onStatus((s) => (status.value = { ...s })),
      c.onMessage((msg) => {
        for (const h of [...handlers]) h(msg);
      }),
      c.onWelcome((w) => {
        hostName.value = w.host.name;
        for (const h of [...welcomeHandlers]) h();
      }),
    ];
    client.value = c;
    url.value = target;
    c.connect();
    return c;
  }

  function disconnect(): void {
    for (const d of detach) d();
    detach = [];
    client.value?.close();
    client.value = null;
    url.value = null;
    hostName.value = null;
    status.value = { state: 'idle', attempt: 0, retryAt: null, reason: null };
  }

  function send(msg: ClientMessage): boolean {
    return client.value?.send(msg) ?? false;
  }

  function retryNow(): void {
    client.value?.retryNow();
  }

  function onMessage(h: Handler): () => void {
    handlers.add(h);
    return () => handlers.delete(h);
  }

  /** Runs after each (re)connection is welcomed: the place to resume a seat. */
  function onWelcome(h: () => void): () => void {
    welcomeHandlers.add(h);
    return () => welcomeHandlers.delete(h);
  }

  return { client, url, status, hostName, connect, disconnect, send, retryNow, onMessage, onWelcome };
});
