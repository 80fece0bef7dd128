import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Bonjour from 'bonjour-service';
import type { Service } from 'bonjour-service';
import packageJson from '../../package.json';
import { PROTOCOL_VERSION } from '../../shared/protocol/version';
import type { MdnsInterfaceReach } from '../../shared/reach';
import { isRemote, ownAddresses } from '../host/lan-addresses';
import { mdnsOf, replaceTxt, stopService, type DnsPacket } from './bonjour-internals';
import { InterfacePool } from './interfaces';
import { callbackWithin } from '../common/wait-at-most';
import { closeBonjour, openBonjour, warnOnce } from './socket';
import { checkAd, cleanText, encodeAd, type TxtRecord } from './txt';
import { SERVICE_DOMAIN, SERVICE_TYPE, type Publisher, type PublisherOptions, type TableAd } from './types';

const DEFAULT_STOP_MS = 1000;
const DEFAULT_RESCAN_MS = 5000;

interface Entry {
  ad: TableAd;
  instance: string;
  txt: TxtRecord;
}

/** Everything announced on one network interface, and what it has seen. */
interface Station {
  address: string;
  bonjour: Bonjour;
  services: Map<string, Service>;
  seen: {
    /** The socket's last error; null while announcements go out. */
    problem: string | null;
    /** When another device last asked about Red7 tables here (ms), or null. */
    lastQueryAt: number | null;
  };
}

/** Does this mDNS query ask about Red7 tables (the service type, or one of its instances)? */
export function asksForTables(packet: DnsPacket): boolean {
  return (packet.questions ?? []).some((q) => {
    const name = String(q.name).toLowerCase();
    return name === SERVICE_DOMAIN || name.endsWith(`.${SERVICE_DOMAIN}`);
  });
}

/** A DNS host label for SRV targets: letters, digits and hyphens only. */
export function hostLabel(name: string): string {
  const label = name
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
  return label || 'red7-host';
}

const sameTxt = (a: TxtRecord, b: TxtRecord): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);

/**
 * Announces a host's tables on every IPv4 interface. Instance names carry a random per-host tag,
 * so two hosts with a table of the same name never collide (the library would otherwise only
 * log the conflict and stop announcing), which is also why probing is off: it would only delay
 * the first announcement by about a second.
 */
export function createPublisher(opts: PublisherOptions): Publisher {
  if (!Number.isInteger(opts.port) || opts.port < 1 || opts.port > 65535)
    throw new RangeError(`publisher port must be an integer from 1 to 65535, got ${opts.port}`);
  const protocol = opts.protocol ?? PROTOCOL_VERSION;
  const appVersion = opts.appVersion ?? packageJson.version;
  const displayHost = cleanText(opts.hostName ?? '', 64) || hostname();
  const srvHost = `${hostLabel(hostname())}.local`;
  const onError = opts.onError ?? warnOnce();
  const tag = randomBytes(3).toString('hex');
  let serial = 0;
  const entries = new Map<string, Entry>();
  let stopping: Promise<void> | undefined;

  const announce = (station: Station, entry: Entry): void => {
    const service = station.bonjour.publish({
      name: entry.instance,
      type: SERVICE_TYPE,
      port: opts.port,
      host: srvHost,
      txt: entry.txt,
      probe: false,
      disableIPv6: true,
    });
    station.services.set(entry.ad.id, service);
  };

  const pool = new InterfacePool<Station>(
    (address) => {
      const seen: Station['seen'] = { problem: null, lastQueryAt: null };
      const bonjour = openBonjour(address, (err) => {
        seen.problem = err.message;
        onError(err);
      });
      // Queries from other devices show the LAN reaches us (this machine's own lobby does not count).
      mdnsOf(bonjour).on('query', (packet, rinfo) => {
        if (asksForTables(packet) && isRemote(rinfo.address, ownAddresses)) seen.lastQueryAt = Date.now();
      });
      const station: Station = { address, bonjour, services: new Map(), seen };
      for (const entry of entries.values()) announce(station, entry);
      return station;
    },
    // The interface is gone: no goodbye can reach its network any more; browsers there expire us.
    (station) => void closeBonjour(station.bonjour, 0),
  );
  pool.start(opts.rescanMs ?? DEFAULT_RESCAN_MS, onError);

  const publisher: Publisher = {
    publish(ad) {
      checkAd(ad);
      if (stopping) return;
      if (entries.has(ad.id)) return publisher.update(ad);
      // Dots and backslashes are DNS label syntax; a fresh serial per publish keeps a re-published
      // table clear of the goodbye browsers just saw for its previous name.
      const label = cleanText(ad.name, 40).replace(/[.\\]/g, '-');
      const entry: Entry = {
        ad: { ...ad },
        instance: `${label} (${tag}-${++serial})`,
        txt: encodeAd(ad, protocol, displayHost, appVersion),
      };
      entries.set(ad.id, entry);
      for (const station of pool.values()) announce(station, entry);
    },

    update(ad) {
      checkAd(ad);
      if (stopping) return;
      const entry = entries.get(ad.id);
      if (!entry) return publisher.publish(ad);
      entry.ad = { ...ad };
      const txt = encodeAd(ad, protocol, displayHost, appVersion);
      if (sameTxt(txt, entry.txt)) return;
      entry.txt = txt;
      for (const station of pool.values()) {
        const service = station.services.get(ad.id);
        if (service) replaceTxt(station.bonjour, service, txt);
      }
    },

    unpublish(id) {
      if (stopping || !entries.delete(id)) return;
      for (const station of pool.values()) {
        const service = station.services.get(id);
        if (!service) continue;
        station.services.delete(id);
        stopService(station.bonjour, service, station.services.size, () => {});
      }
    },

    ads() {
      return [...entries.values()].map((e) => ({ ...e.ad }));
    },

    reach(): MdnsInterfaceReach[] {
      return pool.values().map((s) => ({
        address: s.address,
        announcing: s.seen.problem === null && !stopping,
        problem: s.seen.problem,
        lastQueryAt: s.seen.lastQueryAt === null ? null : new Date(s.seen.lastQueryAt).toISOString(),
      }));
    },

    stop(timeoutMs = DEFAULT_STOP_MS) {
      stopping ??= (async () => {
        const deadline = Date.now() + timeoutMs;
        const stations = pool.drain();
        await Promise.all(
          stations.map(async (station) => {
            // Goodbyes first (TTL 0 for every record), then close: destroy alone says nothing.
            await callbackWithin(timeoutMs, (done) => station.bonjour.unpublishAll(done));
            await closeBonjour(station.bonjour, Math.max(0, deadline - Date.now()));
          }),
        );
      })();
      return stopping;
    },
  };
  return publisher;
}
