/**
 * The few bonjour-service internals discovery relies on, in one place, checked at runtime.
 *
 * Why not only the public API: bonjour-service 1.4 cannot change a published TXT record, its
 * Browser never expires a record whose host died (PTR records live 28800 s), and stopping one
 * service unregisters every service's shared PTR and A records (Server.unregister matches by
 * name), so the host would stop answering for its other tables. We use its Bonjour (sockets,
 * query responder, announcements, unpublishAll) and patch exactly these three spots.
 */
import type { RemoteInfo } from 'node:dgram';
import type Bonjour from 'bonjour-service';
import type { Service } from 'bonjour-service';

export interface DnsRecord {
  name: string;
  type: string;
  ttl?: number;
  flush?: boolean;
  // Shape depends on type: PTR a name, SRV {port, target}, TXT a list of byte strings, A an address.
  data?: unknown;
}

export interface DnsPacket {
  type?: string;
  questions?: { name: string; type: string }[];
  answers?: DnsRecord[];
  additionals?: DnsRecord[];
}

/** The multicast-dns socket inside a Bonjour instance. */
export interface MdnsSocket {
  on(event: 'response' | 'query', listener: (packet: DnsPacket, rinfo: RemoteInfo) => void): unknown;
  on(event: 'error' | 'warning', listener: (err: Error) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  query(name: string, type: string, callback?: (err?: Error | null) => void): void;
  respond(packet: DnsPacket, callback?: (err?: Error | null) => void): void;
}

interface BonjourServer {
  mdns: MdnsSocket;
  /** Records the responder answers queries from, by record type. */
  registry: Record<string, DnsRecord[]>;
  register(records: DnsRecord[]): void;
}

function serverOf(bonjour: Bonjour): BonjourServer {
  const server = (bonjour as unknown as { server?: Partial<BonjourServer> }).server;
  const ok =
    server !== undefined &&
    typeof server.mdns?.query === 'function' &&
    typeof server.mdns.respond === 'function' &&
    typeof server.register === 'function' &&
    typeof server.registry === 'object';
  if (!ok)
    throw new Error(
      'bonjour-service internals changed (server.mdns / server.registry); discovery needs an update',
    );
  return server as BonjourServer;
}

export function mdnsOf(bonjour: Bonjour): MdnsSocket {
  return serverOf(bonjour).mdns;
}

const sameName = (a: unknown, b: string): boolean =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The registered records that belong to one service instance (not the shared A / type PTR ones). */
function ownRecord(record: DnsRecord, fqdn: string): boolean {
  if (record.type === 'PTR') return sameName(record.data, fqdn);
  return (record.type === 'SRV' || record.type === 'TXT') && sameName(record.name, fqdn);
}

/**
 * Replaces a published service's TXT and announces it. The registered TXT record object is the
 * same one the library re-announces later, so it is changed in place: a later re-announcement
 * must not bring the old TXT back.
 */
export function replaceTxt(bonjour: Bonjour, service: Service, txt: Record<string, string>): void {
  const server = serverOf(bonjour);
  service.txt = txt;
  const fresh = service.records();
  const freshTxt = fresh.find((r) => r.type === 'TXT')!;
  const registered = (server.registry.TXT ?? []).find((r) => sameName(r.name, service.fqdn));
  if (registered) registered.data = freshTxt.data;
  else server.register([freshTxt]);
  // Cache-flush: other mDNS caches replace the old TXT instead of keeping both (RFC 6762 §10.2).
  const own = fresh.filter((r) => ownRecord(r, service.fqdn));
  const announce = own.map((r) => (r.type === 'PTR' ? { ...r } : { ...r, flush: true }));
  server.mdns.respond({ answers: announce });
}

/**
 * Stops one service (goodbye packet) and re-registers the records the library removed with it
 * although other services still need them.
 */
export function stopService(bonjour: Bonjour, service: Service, others: number, done: () => void): void {
  const server = serverOf(bonjour);
  const before = Object.values(server.registry).flat();
  service.stop(done);
  if (others === 0) return;
  server.register(before.filter((r) => !ownRecord(r, service.fqdn)));
}
