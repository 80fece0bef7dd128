import { sameJson } from '../../shared/same-json';
import type { Sighting } from './response';
import { parseAd, type TxtAd } from './txt';
import type { BrowseEvent, DiscoveredTable } from './types';

/** After a goodbye, a copy of an older answer still in flight must not bring the table back. */
const GOODBYE_HOLD_MS = 1000;
/** A flood of fake announcements must not grow the lobby without bound. */
const MAX_TABLES = 256;

/** What the latest answers said about one instance. */
interface Source {
  ad: TxtAd;
  port: number;
  target: string;
  /** Source address → when it was last heard. */
  heard: Map<string, number>;
}

interface Entry extends Source {
  table: DiscoveredTable;
}

/**
 * The lobby's list of tables, fed with what mDNS responses say and a clock. Pure: no sockets and
 * no timers, so expiry and de-duplication are tested without a network.
 */
export class TableList {
  private readonly entries = new Map<string, Entry>();
  private readonly held = new Map<string, number>();

  constructor(
    private readonly expireMs: number,
    private readonly emit: (event: BrowseEvent) => void,
  ) {}

  tables(): DiscoveredTable[] {
    return [...this.entries.values()].map((e) => copy(e.table));
  }

  seen(sighting: Sighting, now: number): void {
    const { key, address } = sighting;
    if ((this.held.get(key) ?? 0) > now) return;
    const ad = parseAd(sighting.txt);
    // An unreadable announcement is some other program's or a broken one's: it changes nothing.
    if (!ad) return;
    const entry = this.entries.get(key);
    if (entry) {
      entry.heard.set(address, now);
      Object.assign(entry, { ad, port: sighting.port, target: sighting.target });
      this.refresh(entry);
      return;
    }
    if (this.entries.size >= MAX_TABLES) return;
    // A host restarted after a crash announces the same table under a new instance name from the
    // same address and port: the new one replaces the old at once instead of both showing.
    for (const [oldKey, old] of this.entries) {
      if (old.ad.id === ad.id && old.port === sighting.port && old.heard.has(address)) this.remove(oldKey);
    }
    const source: Source = {
      ad,
      port: sighting.port,
      target: sighting.target,
      heard: new Map([[address, now]]),
    };
    const table = build(key, source, address);
    this.entries.set(key, { ...source, table });
    this.emit({ type: 'up', table: copy(table) });
  }

  /** The host answered without repeating its records: it is still there. */
  alive(key: string, address: string, now: number): void {
    this.entries.get(key)?.heard.set(address, now);
  }

  goodbye(key: string, now: number): void {
    this.held.set(key, now + GOODBYE_HOLD_MS);
    this.remove(key);
  }

  /** Drops what was not heard for expireMs; a host heard on several addresses keeps the live ones. */
  expire(now: number): void {
    for (const [key, until] of this.held) if (until <= now) this.held.delete(key);
    for (const [key, entry] of this.entries) {
      for (const [address, at] of entry.heard) if (now - at > this.expireMs) entry.heard.delete(address);
      if (entry.heard.size === 0) this.remove(key);
      else this.refresh(entry);
    }
  }

  private refresh(entry: Entry): void {
    // Keep the address in use while it still answers, so a host on two networks does not flap.
    const current = entry.heard.has(entry.table.address) ? entry.table.address : freshest(entry.heard);
    const next = build(entry.table.key, entry, current);
    if (sameJson(next, entry.table)) return;
    entry.table = next;
    this.emit({ type: 'update', table: copy(next) });
  }

  private remove(key: string): void {
    if (!this.entries.delete(key)) return;
    this.emit({ type: 'down', key });
  }
}

function freshest(heard: Map<string, number>): string {
  return [...heard].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function build(key: string, source: Source, address: string): DiscoveredTable {
  const { ad } = source;
  return {
    key,
    id: ad.id,
    name: ad.name,
    players: ad.players,
    seats: ad.seats,
    state: ad.state,
    address,
    addresses: [...source.heard.keys()].sort(),
    port: source.port,
    hostName: ad.host || source.target,
    protocol: ad.protocol,
    ...(ad.appVersion ? { appVersion: ad.appVersion } : {}),
    ...(ad.locked ? { locked: true } : {}),
    ...(ad.hasCode ? { hasCode: true } : {}),
  };
}

const copy = (table: DiscoveredTable): DiscoveredTable => ({ ...table, addresses: [...table.addresses] });
