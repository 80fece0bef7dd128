import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { botOptions, chooseBotMove } from '../../shared/bots';
import type { BotLevel, BotThink } from '../../shared/bots';
import type { Move, SeatView } from '../../shared/engine';

export interface BotRequest {
  id: number;
  view: SeatView;
  seed: number;
  level: BotLevel;
  /** The table's think time (only hard's budget depends on it). */
  think: BotThink;
}
export type BotReply = { id: number; move: Move } | { id: number; error: string };

/** Where the bot's thinking happens: a worker thread when one can be started, else this thread. */
export interface BotBrain {
  choose(view: SeatView, seed: number, level: BotLevel, think: BotThink): Promise<Move>;
  close(): Promise<void>;
}

/**
 * The worker script sits beside this module: `.ts` when run from source (tsx, Vitest), `.cjs`/`.js` when a
 * bundler emitted it as its own entry.
 */
function findWorkerScript(): URL | null {
  for (const name of ['bot-worker.cjs', 'bot-worker.js', 'bot-worker.ts']) {
    const url = new URL(`./${name}`, import.meta.url);
    if (url.protocol === 'file:' && existsSync(url)) return url;
  }
  return null;
}

/** The search runs in this thread, after pending I/O (used when no worker can be started). */
export function inlineBrain(): BotBrain {
  return {
    choose: (view, seed, level, think) =>
      new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(chooseBotMove(view, seed, botOptions(level, think)));
          } catch (e) {
            reject(e as Error);
          }
        }),
      ),
    close: async () => {},
  };
}

/**
 * One worker thread for every bot of the host (the machine may have two cores: one stays for the host).
 * If the worker cannot start or dies, the remaining and later requests fall back to `inlineBrain`.
 */
export function workerBrain(report: (problem: string) => void, script = findWorkerScript()): BotBrain {
  const inline = inlineBrain();
  if (script === null) {
    report('bot worker script not found; bots think on the main thread');
    return inline;
  }
  type Pending = Omit<BotRequest, 'id'> & { resolve: (m: Move) => void; reject: (e: Error) => void };
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | null = null;
  let failed = false;

  const fail = (why: string) => {
    if (failed) return;
    failed = true;
    report(`bot worker stopped (${why}); bots think on the main thread`);
    worker = null;
    for (const p of pending.values())
      inline.choose(p.view, p.seed, p.level, p.think).then(p.resolve, p.reject);
    pending.clear();
  };

  const start = (): Worker => {
    // From source the worker needs the same TypeScript loader as this process.
    const fromSource = script.pathname.endsWith('.ts');
    const hasLoader = process.execArgv.some((a) => a.includes('tsx'));
    const w = new Worker(script, {
      execArgv: fromSource && !hasLoader ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
    });
    w.unref();
    w.on('message', (reply: BotReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('move' in reply) p.resolve(reply.move);
      else p.reject(new Error(reply.error));
    });
    w.on('error', (e) => fail(e.message));
    w.on('exit', (code) => {
      if (worker === w && code !== 0) fail(`exit code ${code}`);
    });
    return w;
  };

  return {
    choose(view, seed, level, think) {
      if (failed) return inline.choose(view, seed, level, think);
      worker ??= start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { view, seed, level, think, resolve, reject });
        worker!.postMessage({ id, view, seed, level, think } satisfies BotRequest);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failed = true;
      for (const p of pending.values()) p.reject(new Error('host stopping'));
      pending.clear();
      if (w) await w.terminate();
    },
  };
}
