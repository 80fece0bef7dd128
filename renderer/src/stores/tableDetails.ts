import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { TableSummary } from '../../../shared/protocol';
import type { HostAddress } from '../net/address';

const DETAILS_MIN_INTERVAL_MS = 2000;

/** What the lobby adds to a table found on the LAN once its host has told it. */
export type TableDetails = Pick<
  TableSummary,
  | 'mode'
  | 'actionRule'
  | 'rulesVersion'
  | 'spectators'
  | 'match'
  | 'locked'
  | 'watchers'
  | 'hasCode'
  | 'evening'
>;

const hostKey = (h: HostAddress): string => `${h.address}:${h.port}`;

/**
 * The variant of each table found on the LAN (mode, Action rule, rules, spectators, match): not in the
 * mDNS ad, so asked of each host's HTTP API, at most every 2 s per host.
 */
export const useTableDetailsStore = defineStore('tableDetails', () => {
  const byHost = ref(new Map<string, Map<string, TableSummary>>());
  const fetchedAt = new Map<string, number>();
  /** A change seen within the interval is asked about once the interval is over (never dropped). */
  const later = new Map<string, ReturnType<typeof setTimeout>>();

  function of(h: HostAddress, tableId: string): TableDetails | null {
    const d = byHost.value.get(hostKey(h))?.get(tableId);
    return d
      ? {
          mode: d.mode,
          actionRule: d.actionRule,
          rulesVersion: d.rulesVersion,
          spectators: d.spectators,
          match: d.match,
          locked: d.locked,
          watchers: d.watchers,
          hasCode: d.hasCode,
          // An evening's table: its row offers no seat back once it has ended (TableRow.vue).
          ...(d.evening ? { evening: d.evening } : {}),
        }
      : null;
  }

  /** Summaries a host gave with its tables (the web bridge carries them). */
  function remember(h: HostAddress, list: TableSummary[]): void {
    const next = new Map(byHost.value);
    const byId = new Map(next.get(hostKey(h)));
    for (const t of list) byId.set(t.id, t);
    next.set(hostKey(h), byId);
    byHost.value = next;
  }

  async function ask(h: HostAddress): Promise<void> {
    const key = hostKey(h);
    const now = Date.now();
    const since = now - (fetchedAt.get(key) ?? 0);
    if (since < DETAILS_MIN_INTERVAL_MS) {
      // A game that just finished must not keep its "playing" details (its match line) for good.
      if (!later.has(key))
        later.set(
          key,
          setTimeout(() => {
            later.delete(key);
            void ask(h);
          }, DETAILS_MIN_INTERVAL_MS - since),
        );
      return;
    }
    fetchedAt.set(key, now);
    try {
      const address = h.address.includes(':') ? `[${h.address}]` : h.address;
      const res = await fetch(`http://${address}:${h.port}/api/tables`);
      if (res.ok) remember(h, (await res.json()) as TableSummary[]);
    } catch {
      // Details are a nicety; the table stays joinable without them.
    }
  }

  return { of, remember, ask };
});
