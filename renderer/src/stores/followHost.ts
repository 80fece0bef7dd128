import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { DiscoveredTable } from '../../../shared/desktop-api';
import { httpUrl, parseAddress, type ParsedAddress } from '../net/address';
import { movedTableUrl } from '../net/host-moved';
import { services } from '../services';
import { useConnectionStore } from './connection';
import { useTableStore } from './table';

/** Failed attempts before a phone offers to type the host's new address (about 3 s of retrying). */
export const ASK_ADDRESS_AFTER = 3;

/**
 * A host that comes back somewhere else (issue 30 §2). While the link to the tab's table is down, the desktop
 * app looks for the table on the network (mDNS) and follows it, with its seat token, to the new address. A
 * browser (a phone) cannot browse: after a few failed attempts it offers to type the new address, and opens
 * the table there (the host's own page; a page may only talk to the host that served it).
 */
export const useFollowHostStore = defineStore('followHost', () => {
  const table = useTableStore();
  const connection = useConnectionStore();
  const desktop = services().bridge.kind === 'desktop';
  /** The desktop app is looking for the table on the network. */
  const looking = ref(false);
  const found = new Map<string, DiscoveredTable>();
  let unsubscribe: (() => void) | null = null;
  let wired = false;

  const linkDown = computed(
    () =>
      table.session !== null &&
      (connection.status.state === 'reconnecting' || connection.status.state === 'lost'),
  );
  /** A browser's fallback: the link failed a few times, or was given up. */
  const askAddress = computed(
    () =>
      !desktop &&
      linkDown.value &&
      connection.status.reason !== 'protocol' &&
      (connection.status.state === 'lost' || connection.status.attempt >= ASK_ADDRESS_AFTER),
  );

  function check(): void {
    const s = table.session;
    const url = s ? movedTableUrl(s, [...found.values()]) : null;
    if (url) table.followHost(url);
  }

  function startLooking(): void {
    if (!desktop || unsubscribe) return;
    looking.value = true;
    unsubscribe = services().bridge.api.tables.subscribe((e) => {
      if (e.type === 'down') found.delete(e.key);
      else found.set(e.table.key, e.table);
      check();
    });
  }

  function stopLooking(): void {
    unsubscribe?.();
    unsubscribe = null;
    found.clear();
    looking.value = false;
  }

  function init(): void {
    if (wired) return;
    wired = true;
    watch(linkDown, (down) => (down ? startLooking() : stopLooking()), { immediate: true });
  }

  /**
   * A browser's typed new address: the table's page on that host, or why the address will not do. The
   * page leaves for the host's own (a page here may only talk to the host that served it).
   */
  function openAt(text: string, go: (url: string) => void = (url) => window.location.assign(url)) {
    const parsed: ParsedAddress = parseAddress(text);
    const s = table.session;
    if (!parsed.ok || !s) return parsed.ok ? null : parsed.reason;
    go(`${httpUrl(parsed.host)}#/table/${encodeURIComponent(s.tableId)}`);
    return null;
  }

  return { looking, askAddress, init, openAt };
});
