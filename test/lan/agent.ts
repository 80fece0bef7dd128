/**
 * A fixture script (or the real CLI) running inside a namespace (`ip netns exec`), driven by
 * JSON lines on stdin and reporting JSON lines (or plain text lines) on stdout. `ip netns exec` replaces itself with node, so signals
 * sent to the child reach node directly (a SIGKILL is a real crash).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AgentEvent {
  /** Date.now() in the agent; every namespace shares the machine's clock. */
  t: number;
  type: string;
  [field: string]: unknown;
}

interface Waiter {
  match: (e: AgentEvent) => boolean;
  resolve: (e: AgentEvent) => void;
}

export class Agent {
  readonly events: AgentEvent[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<Waiter>();
  private stderr = '';

  constructor(
    readonly label: string,
    ns: string,
    script: string,
    args: string[] = [],
  ) {
    // A fixture by file name, or any entry point by its path from the repository root (the real CLI).
    const entry = script.includes('/')
      ? join(ROOT, script)
      : fileURLToPath(new URL(`./fixtures/${script}`, import.meta.url));
    this.child = spawn('ip', ['netns', 'exec', ns, process.execPath, '--import', 'tsx', entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, R7_LAN_NETNS: ns },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let buffered = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) !== -1) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim()) this.receive(line);
      }
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  private receive(line: string): void {
    let event: AgentEvent;
    try {
      event = JSON.parse(line) as AgentEvent;
    } catch {
      // Plain text (the real CLI's log) becomes a 'line' event.
      event = { t: Date.now(), type: 'line', text: line };
    }
    this.events.push(event);
    for (const w of this.waiters) {
      if (w.match(event)) {
        this.waiters.delete(w);
        w.resolve(event);
      }
    }
  }

  send(command: object): void {
    this.child.stdin!.write(`${JSON.stringify(command)}\n`);
  }

  /** The first event (already received or still to come) that matches. */
  waitFor(what: string, match: (e: AgentEvent) => boolean, timeoutMs = 5000): Promise<AgentEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `${this.label}: no ${what} within ${timeoutMs} ms; last events: ${this.events
              .slice(-3)
              .map((e) => JSON.stringify(e).slice(0, 400))
              .join(' | ')}; stderr: ${this.stderr.trim() || '(empty)'}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get errors(): string {
    return this.stderr;
  }
}
