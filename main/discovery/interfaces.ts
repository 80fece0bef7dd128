import { networkInterfaces } from 'node:os';

/** Loopback stands in when the machine has no network, so a host and its own lobby still meet. */
export const LOOPBACK = '127.0.0.1';

/**
 * Where mDNS runs: one IPv4 address per external interface (Wi-Fi, Ethernet, VPN …), loopback when there
 * is none. Not the addresses shown to people (host/lan-addresses.ts ranks those, IPv6 included).
 */
export function multicastAddresses(): string[] {
  const found: string[] = [];
  for (const addrs of Object.values(networkInterfaces())) {
    const v4 = (addrs ?? []).find((a) => a.family === 'IPv4' && !a.internal);
    if (v4 && !found.includes(v4.address)) found.push(v4.address);
  }
  return found.length > 0 ? found : [LOOPBACK];
}

/**
 * Keeps one resource per network interface address in step with the machine's interfaces:
 * a laptop that joins Wi-Fi after the app started must start announcing there too.
 */
export class InterfacePool<T> {
  private readonly items = new Map<string, T>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly open: (address: string) => T,
    private readonly close: (item: T, address: string) => void,
    private readonly list: () => string[] = multicastAddresses,
  ) {}

  /**
   * Opens the current interfaces now (a failure throws to the caller) and re-checks every
   * rescanMs (a failure there is reported, and retried at the next check).
   */
  start(rescanMs: number, onError: (err: Error) => void): void {
    this.reconcile();
    this.timer = setInterval(() => {
      try {
        this.reconcile();
      } catch (err) {
        onError(err as Error);
      }
    }, rescanMs);
    this.timer.unref();
  }

  reconcile(): void {
    const wanted = this.list();
    for (const [address, item] of this.items) {
      if (wanted.includes(address)) continue;
      this.items.delete(address);
      this.close(item, address);
    }
    for (const address of wanted) {
      if (!this.items.has(address)) this.items.set(address, this.open(address));
    }
  }

  values(): T[] {
    return [...this.items.values()];
  }

  /** Stops re-checking and hands every resource back (the caller closes them). */
  drain(): T[] {
    clearInterval(this.timer);
    const all = this.values();
    this.items.clear();
    return all;
  }
}
