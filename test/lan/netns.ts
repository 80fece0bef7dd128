/**
 * Simulated LAN machines for discovery tests: Linux network namespaces joined by veth cables
 * and a bridge. Every address, route and multicast packet lives inside the namespaces; nothing
 * touches the machine's own network. Needs root and iproute2.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export type Support = { ok: true } | { ok: false; reason: string };

const PREFIX = 'r7t-';

function ip(...args: string[]): string {
  try {
    return execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`ip ${args.join(' ')}: ${(e.stderr || e.message).trim()}`, { cause: err });
  }
}

/** Can this process create namespaces? Tries once rather than guessing from the uid. */
export function lanSupport(): Support {
  if (process.platform !== 'linux') return { ok: false, reason: 'network namespaces exist only on Linux' };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'creating network namespaces needs root' };
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
  } catch {
    return { ok: false, reason: 'iproute2 (the `ip` command) is not installed' };
  }
  const probe = `${PREFIX}${process.pid}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
  } catch (err) {
    return { ok: false, reason: `cannot create a network namespace: ${(err as Error).message}` };
  }
  return { ok: true };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Namespaces left behind by test runs that were killed before their cleanup ran. */
function removeStale(): void {
  for (const line of ip('netns', 'list').split('\n')) {
    const name = line.split(' ')[0];
    const pid = Number(/^r7t-(\d+)-/.exec(name)?.[1]);
    if (pid && !alive(pid)) ip('netns', 'del', name);
  }
}

export class Lan {
  private readonly prefix = `${PREFIX}${process.pid}-${randomBytes(2).toString('hex')}-`;
  private readonly namespaces: string[] = [];
  private ports = 0;
  private readonly onExit = () => this.destroy();

  constructor() {
    removeStale();
    process.once('exit', this.onExit);
  }

  /** A machine: its own network stack with loopback up and nothing else yet. */
  machine(name: string): string {
    const ns = this.prefix + name;
    ip('netns', 'add', ns);
    this.namespaces.push(ns);
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    return ns;
  }

  /** A switch: a namespace holding one bridge that machines plug into. */
  switch(name: string): string {
    const ns = this.machine(name);
    ip('-n', ns, 'link', 'add', 'br0', 'type', 'bridge', 'mcast_snooping', '0');
    ip('-n', ns, 'link', 'set', 'br0', 'up');
    return ns;
  }

  /** Plugs a machine's new interface into a switch. */
  plug(machine: string, dev: string, cidr: string, sw: string): void {
    const port = `p${this.ports++}`;
    ip('-n', machine, 'link', 'add', dev, 'type', 'veth', 'peer', 'name', port, 'netns', sw);
    ip('-n', sw, 'link', 'set', port, 'master', 'br0');
    ip('-n', sw, 'link', 'set', port, 'up');
    this.configure(machine, dev, cidr);
  }

  /** A cable straight between two machines (a network of two). */
  cable(a: string, devA: string, cidrA: string, b: string, devB: string, cidrB: string): void {
    ip('-n', a, 'link', 'add', devA, 'type', 'veth', 'peer', 'name', devB, 'netns', b);
    this.configure(a, devA, cidrA);
    this.configure(b, devB, cidrB);
  }

  private configure(ns: string, dev: string, cidr: string): void {
    ip('-n', ns, 'addr', 'add', cidr, 'dev', dev);
    ip('-n', ns, 'link', 'set', dev, 'up');
    // The first interface carries multicast by default; mDNS picks others itself per socket.
    if (!ip('-n', ns, 'route', 'show', '224.0.0.0/4').trim())
      ip('-n', ns, 'route', 'add', '224.0.0.0/4', 'dev', dev);
  }

  /** Deletes every namespace (their interfaces go with them). Safe to call twice. */
  destroy(): void {
    process.removeListener('exit', this.onExit);
    for (const ns of this.namespaces.splice(0)) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // Already gone.
      }
    }
  }

  /** Namespaces of this Lan still present (for the cleanup test). */
  remaining(): string[] {
    const all = ip('netns', 'list');
    return all
      .split('\n')
      .map((l) => l.split(' ')[0])
      .filter((n) => n.startsWith(this.prefix));
  }
}
