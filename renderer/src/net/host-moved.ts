import type { DiscoveredTable } from '../../../shared/desktop-api';
import { PROTOCOL_VERSION } from '../../../shared/protocol';
import { wsUrl } from './address';

/** Where this tab sits, as far as finding its host again goes. */
export interface SeatWhere {
  url: string;
  tableId: string;
  /** The host's name when it last welcomed us; unknown before the first welcome. */
  hostName?: string;
}

/**
 * A host that came back somewhere else (DHCP gave it another address, it joined another Wi-Fi, it restarted
 * on another port with the same data): among the tables discovery lists, the same table id of a host of the
 * same name, at another address. Returns its ws URL, or null. Without the host's name (never welcomed) the
 * table id alone, random and long, still tells it.
 */
export function movedTableUrl(where: SeatWhere, tables: readonly DiscoveredTable[]): string | null {
  for (const t of tables) {
    if (t.id !== where.tableId || t.protocol !== PROTOCOL_VERSION) continue;
    if (where.hostName !== undefined && t.hostName !== where.hostName) continue;
    const url = wsUrl({ address: t.address, port: t.port });
    if (url !== where.url) return url;
  }
  return null;
}
