/**
 * "Can others reach me?": what a host knows about being reachable from the LAN, served as
 * GET /api/reach (docs/protocol.md) so the desktop app and the browser-served page show the same.
 */

/** With nobody from the LAN seen for this long after hosting began, something is likely blocking. */
export const NOBODY_REACHED_AFTER_MS = 60_000;

/** mDNS on one network interface of the host. */
export interface MdnsInterfaceReach {
  /** The interface's IPv4 address. */
  address: string;
  /** Its socket is open and has reported no error: announcements go out there. */
  announcing: boolean;
  /** The socket's last error (a VPN refusing multicast, a port taken), or null. */
  problem: string | null;
  /** When another device last asked this interface about Red7 tables (ISO time), or null. */
  lastQueryAt: string | null;
}

export interface ReachReport {
  port: number;
  /** Where the LAN can reach the host, best first (as in /api/info). */
  addresses: string[];
  /**
   * The loopback address the host alone listens on (started with `--bind 127.0.0.1`): no other device can
   * reach it, whatever its networks; null when it listens where others can. (Absent from older hosts.)
   */
  loopbackOnly: string | null;
  /** The host machine's system: the firewall advice differs ('win32', 'darwin', 'linux', …). */
  platform: string;
  /** 'app': the desktop app hosts; 'command': the headless host (`npm run host`, i.e. Node.js). */
  runtime: 'app' | 'command';
  /** When the host started listening (ISO time). */
  hostingSince: string;
  /** The last connection from another device (HTTP or WebSocket), or null: nobody yet. */
  lastRemote: { at: string; address: string } | null;
  /** Per interface; null when the host does not announce (discovery off). */
  mdns: MdnsInterfaceReach[] | null;
  /**
   * Hosting for NOBODY_REACHED_AFTER_MS (or longer) and no other device has connected nor asked
   * for tables by mDNS: a firewall (or a network that isolates its clients) is the likely cause. Never
   * for a host bound to loopback (`loopbackOnly`), whose cause is known.
   */
  nobodyReached: boolean;
}
