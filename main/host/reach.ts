import { isRemote, ownAddresses, plainAddress } from './lan-addresses';
import type { MdnsInterfaceReach, ReachReport } from '../../shared/reach';

/**
 * What the host has seen of the LAN since it started: the last remote connection, and (from the
 * publisher, when discovery is on) mDNS on each interface. Its report is GET /api/reach.
 */
export class ReachWatch {
  private readonly since: number;
  private lastRemote: { at: number; address: string } | null = null;
  private mdns: (() => MdnsInterfaceReach[]) | null = null;

  constructor(
    private readonly graceMs: number,
    private readonly own: () => readonly string[] = ownAddresses,
    private readonly now: () => number = Date.now,
  ) {
    this.since = now();
  }

  /** Every TCP connection to the host (HTTP and WebSocket alike) passes here. */
  connected(address: string | undefined): void {
    if (isRemote(address, this.own)) this.lastRemote = { at: this.now(), address: plainAddress(address!) };
  }

  /** The publisher's per-interface state, read at each report. */
  watchDiscovery(source: (() => MdnsInterfaceReach[]) | null): void {
    this.mdns = source;
  }

  report(
    base: Pick<ReachReport, 'port' | 'addresses' | 'loopbackOnly' | 'platform' | 'runtime'>,
  ): ReachReport {
    const mdns = this.mdns?.() ?? null;
    const queried = mdns?.some((i) => i.lastQueryAt !== null) ?? false;
    return {
      ...base,
      hostingSince: new Date(this.since).toISOString(),
      lastRemote: this.lastRemote && {
        at: new Date(this.lastRemote.at).toISOString(),
        address: this.lastRemote.address,
      },
      mdns,
      // Bound to loopback, nobody can come: that is the cause, not a firewall.
      nobodyReached:
        !base.loopbackOnly && this.now() - this.since >= this.graceMs && this.lastRemote === null && !queried,
    };
  }
}
