import * as v from 'valibot';
import { PROTOCOL_VERSION } from '../../../shared/protocol';
import { httpUrl, type HostAddress } from './address';

/** What a Red7 host's GET /api/info says about itself (port and addresses: hosts from protocol 2 on). */
const HostInfoSchema = v.object({
  name: v.string(),
  version: v.string(),
  protocol: v.pipe(v.number(), v.integer()),
  port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535))),
  addresses: v.optional(v.array(v.string())),
  /** Bound to loopback (`--bind 127.0.0.1`): that address; null when others can reach it. */
  loopbackOnly: v.optional(v.nullable(v.string())),
});
export type HostInfo = v.InferOutput<typeof HostInfoSchema>;

export type HostCheck =
  | { ok: true; info: HostInfo }
  /** Nothing answers (closed port, no such machine, a firewall that drops, too slow). */
  | { ok: false; reason: 'unreachable' }
  /** Something answers, but not as a Red7 LAN host does. */
  | { ok: false; reason: 'notRed7' }
  /** A Red7 LAN host that speaks another protocol version. */
  | { ok: false; reason: 'protocol'; protocol: number };

/** How long a host may take to answer before "no host answers" (a dropped packet never errors). */
export const CHECK_TIMEOUT_MS = 4000;

/** Asks the host at `host` who it is before anything connects to it. Never throws. */
export async function checkHost(
  host: HostAddress,
  fetchFn: typeof fetch = fetch,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<HostCheck> {
  let res: Response;
  try {
    res = await fetchFn(`${httpUrl(host)}api/info`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  let body: unknown;
  try {
    body = res.ok ? await res.json() : null;
  } catch {
    body = null;
  }
  const parsed = v.safeParse(HostInfoSchema, body);
  if (!parsed.success) return { ok: false, reason: 'notRed7' };
  if (parsed.output.protocol !== PROTOCOL_VERSION)
    return { ok: false, reason: 'protocol', protocol: parsed.output.protocol };
  return { ok: true, info: parsed.output };
}

/** Addresses only this machine can use: never offered to other devices. */
export function isLoopback(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  return a === 'localhost' || a.startsWith('127.') || a === '::1' || a === '0.0.0.0';
}

/** http://ADDR:PORT/ for each address other devices can use (loopback left out). */
export function joinUrls(addresses: string[], port: number): string[] {
  return addresses.filter((a) => !isLoopback(a)).map((address) => httpUrl({ address, port }));
}
