import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** The shape of `os.networkInterfaces()`, so the choice below is a pure function of it. */
export type NetworkInterfaces = Record<string, readonly NetworkInterfaceInfo[] | undefined>;

/**
 * The addresses other machines on the LAN can type (or scan) to reach this host, best first:
 * IPv4 before IPv6 (easier to read aloud, and every phone has it), ordinary IPv4 before
 * 169.254.x.x (only a cable with no DHCP gets those), in the order the system lists interfaces.
 * Loopback is left out (nobody else can use it), and so is link-local IPv6 (fe80::), which needs
 * a zone id that differs on every machine. An empty list means: not on any network.
 */
export function lanAddresses(interfaces: NetworkInterfaces): string[] {
  const ipv4: string[] = [];
  const linkLocalV4: string[] = [];
  const ipv6: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const a of entries ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4') {
        if (a.address.startsWith('127.')) continue;
        (a.address.startsWith('169.254.') ? linkLocalV4 : ipv4).push(a.address);
      } else if (a.family === 'IPv6') {
        const lower = a.address.toLowerCase();
        if (lower === '::1' || isLinkLocalV6(lower)) continue;
        ipv6.push(lower);
      }
    }
  }
  return [...new Set([...ipv4, ...linkLocalV4, ...ipv6])];
}

/** fe80::/10: fe80 … febf. */
function isLinkLocalV6(address: string): boolean {
  return /^fe[89ab][0-9a-f]:/.test(address);
}

/** Where a listener on `bind` can be reached from the LAN: every address, or the bound one. */
export function reachableAddresses(bind: string, interfaces: NetworkInterfaces): string[] {
  if (bind === '0.0.0.0' || bind === '::') return lanAddresses(interfaces);
  return lanAddresses(interfaces).filter((a) => a === bind.toLowerCase());
}

/** An IPv4 address as the socket API reports it on a dual-stack server (`::ffff:10.0.0.5`). */
export const plainAddress = (address: string): string => address.replace(/^::ffff:/i, '').toLowerCase();

/** Every address of this machine, loopback included: a connection from one of them is not the LAN's. */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined)
    .map((a) => plainAddress(a.address));
}

/**
 * The loopback address a host bound to (`--bind 127.0.0.1`, `::1`, `localhost`) alone listens on: no other
 * device can reach it, whatever its networks. Null when it listens where others can.
 */
export function loopbackOnly(bind: string): string | null {
  return bind.toLowerCase() === 'localhost' || isLoopback(bind) ? bind : null;
}

/** Is this address loopback (127.0.0.0/8, ::1, also as ::ffff:127.x)? */
function isLoopback(address: string): boolean {
  const a = plainAddress(address);
  return a.startsWith('127.') || a === '::1';
}

/**
 * Is this peer another device (not this machine through loopback or one of its own addresses)? `own` is
 * asked only for a non-loopback peer: reading the interfaces costs a system call, and most connections
 * to a host are its own app's.
 */
export function isRemote(address: string | undefined, own: () => readonly string[]): boolean {
  if (!address || isLoopback(address)) return false;
  return !own().includes(plainAddress(address));
}
