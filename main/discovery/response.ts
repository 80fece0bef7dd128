import type { DnsPacket, DnsRecord } from './bonjour-internals';
import { decodeTxt, type TxtRecord } from './txt';
import { SERVICE_DOMAIN } from './types';

/** One table instance as a single mDNS response describes it. */
export interface Sighting {
  /** The instance's full name, lower-cased (DNS names compare case-insensitively). */
  key: string;
  port: number;
  /** SRV target without `.local`. */
  target: string;
  txt: TxtRecord;
  /** Where the packet came from: the address to connect to. */
  address: string;
}

export interface ResponseContent {
  /** Instances whose PTR came with TTL 0: the host said goodbye. */
  goodbyes: string[];
  sightings: Sighting[];
  /** Instances named by a live PTR without their SRV/TXT in the packet: still alive, nothing new. */
  alive: string[];
}

const lower = (name: unknown): string => (typeof name === 'string' ? name.toLowerCase() : '');

function txtStrings(data: unknown): Uint8Array[] {
  if (data instanceof Uint8Array) return [data];
  if (typeof data === 'string') return [Buffer.from(data)];
  if (Array.isArray(data)) return data.filter((d): d is Uint8Array => d instanceof Uint8Array);
  return [];
}

function srvOf(record: DnsRecord | undefined): { port: number; target: string } | null {
  const data = record?.data as { port?: unknown; target?: unknown } | undefined;
  if (!data || typeof data.target !== 'string') return null;
  const port = data.port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { port, target: data.target.replace(/\.local\.?$/i, '') };
}

/**
 * Reads what a response packet says about the instances of one service type (red7 tables by default,
 * or hand-over targets); anything else in it is ignored.
 */
export function readResponse(packet: DnsPacket, address: string, domain = SERVICE_DOMAIN): ResponseContent {
  const records = [...(packet.answers ?? []), ...(packet.additionals ?? [])];
  const content: ResponseContent = { goodbyes: [], sightings: [], alive: [] };
  for (const ptr of records) {
    if (ptr.type !== 'PTR' || lower(ptr.name) !== domain) continue;
    const key = lower(ptr.data);
    if (!key.endsWith(`.${domain}`)) continue;
    if (ptr.ttl === 0) {
      content.goodbyes.push(key);
      continue;
    }
    const live = (type: string) =>
      records.find((r) => r.type === type && (r.ttl ?? 1) > 0 && lower(r.name) === key);
    const srv = srvOf(live('SRV'));
    const txt = live('TXT');
    if (srv && txt) content.sightings.push({ key, ...srv, txt: decodeTxt(txtStrings(txt.data)), address });
    else content.alive.push(key);
  }
  return content;
}
