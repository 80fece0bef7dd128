import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ServerMessage, TableSummary } from '../../../shared/protocol';
import { httpUrl, parseAddress, wsUrl, type HostAddress } from '../net/address';
import { checkHost } from '../net/host-check';
import { services } from '../services';
import { useConnectionStore } from './connection';
import { useSavedSeatsStore } from './savedSeats';

export type AddressError = 'empty' | 'invalid' | 'port' | 'unreachable' | 'notRed7' | 'protocol';

/**
 * Tables read from an address the player typed: the host is checked (its /api/info), then connected to
 * and asked for its list. Whatever the answer, the page stays where it is; a problem is said in `error`.
 */
export const useAddressLookUpStore = defineStore('addressLookUp', () => {
  const connection = useConnectionStore();
  const seats = useSavedSeatsStore();
  /** Tables read from a typed address, with where they are. */
  const found = ref<{ host: HostAddress; url: string; tables: TableSummary[] } | null>(null);
  const error = ref<AddressError | null>(null);
  /** With error 'protocol': the version that host speaks, and its own page (which speaks it, in any browser). */
  const protocol = ref<number | null>(null);
  const protocolPage = ref<string | null>(null);
  /** The typed address is being checked. */
  const checking = ref(false);
  /**
   * In a browser, a Red7 host at another address than the page's: this page may only talk to the host that
   * served it (hosts check the Origin), so the player is offered that host's own page instead.
   */
  const elsewhere = ref<string | null>(null);
  let lookUps = 0;
  let pendingUrl: string | null = null;
  let offMessage: (() => void) | null = null;
  let offWelcome: (() => void) | null = null;

  /** The tables found there, each with its URL and whether this browser holds a seat at it. */
  const tables = computed(() => {
    const f = found.value;
    return f ? f.tables.map((tb) => ({ ...tb, url: f.url, mine: seats.holds(f.url, tb.id) })) : [];
  });

  /** Listens for the host's answers while the lobby is shown. */
  function start(): void {
    if (offMessage) return;
    offMessage = connection.onMessage(onHostMessage);
    offWelcome = connection.onWelcome(() => {
      if (pendingUrl && connection.url === pendingUrl) connection.send({ type: 'listTables' });
    });
  }

  function stop(): void {
    offMessage?.();
    offWelcome?.();
    offMessage = offWelcome = null;
  }

  function onHostMessage(msg: ServerMessage): void {
    if (msg.type !== 'tables' || !pendingUrl || connection.url !== pendingUrl || !found.value) return;
    found.value = { ...found.value, tables: msg.tables };
  }

  async function lookUp(text: string): Promise<boolean> {
    const parsed = parseAddress(text);
    const seq = ++lookUps;
    clear(seq);
    if (!parsed.ok) {
      error.value = parsed.reason;
      return false;
    }
    checking.value = true;
    const check = await checkHost(parsed.host);
    if (seq !== lookUps) return false; // another look-up (or a close) came meanwhile
    checking.value = false;
    if (!check.ok) {
      error.value = check.reason;
      protocol.value = check.reason === 'protocol' ? check.protocol : null;
      protocolPage.value = check.reason === 'protocol' ? httpUrl(parsed.host) : null;
      return false;
    }
    const { bridge } = services();
    const origin = bridge.origin;
    if (
      bridge.kind === 'web' &&
      origin &&
      (parsed.host.address !== origin.address || parsed.host.port !== origin.port)
    ) {
      elsewhere.value = httpUrl(parsed.host);
      return true;
    }
    const url = wsUrl(parsed.host);
    pendingUrl = url;
    found.value = { host: parsed.host, url, tables: [] };
    connection.connect(url);
    if (connection.status.state === 'open') connection.send({ type: 'listTables' });
    return true;
  }

  function clear(seq = ++lookUps): void {
    lookUps = seq;
    found.value = null;
    pendingUrl = null;
    error.value = null;
    protocol.value = null;
    protocolPage.value = null;
    checking.value = false;
    elsewhere.value = null;
  }

  return { found, tables, error, protocol, protocolPage, checking, elsewhere, start, stop, lookUp, clear };
});
