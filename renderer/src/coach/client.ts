import type { CoachReply, CoachRequest } from './handler';

type Request = CoachRequest extends infer R ? (R extends CoachRequest ? Omit<R, 'id'> : never) : never;
type Answer = Exclude<CoachReply, { kind: 'progress' }>;

/** A question put to the coach: its answer (null when cancelled) and a way to stop it. */
export interface CoachJob {
  answer: Promise<Answer | null>;
  cancel(): void;
}

/** A Vite module worker: bundled as its own file, loaded from the app's origin (CSP worker-src 'self'). */
const defaultWorker = (): Worker =>
  new Worker(new URL('./coach.worker.ts', import.meta.url), { type: 'module', name: 'coach' });

let createWorker: () => Worker = defaultWorker;
let worker: Worker | null = null;
let current: { id: number; settle: (answer: Answer | null) => void } | null = null;
let progress: ((done: number, total: number) => void) | null = null;
let lastId = 0;

/** Tests put a stand-in worker here. */
export function setCoachWorker(factory: () => Worker = defaultWorker): void {
  stopCoach();
  createWorker = factory;
}

/** Stops whatever the coach is thinking about: a search cannot be interrupted, so the worker goes. */
export function stopCoach(): void {
  worker?.terminate();
  worker = null;
  current?.settle(null);
  current = null;
}

function started(): Worker {
  if (worker) return worker;
  const w = createWorker();
  w.onmessage = (event: MessageEvent<CoachReply>) => {
    const reply = event.data;
    if (!current || reply.id !== current.id) return;
    if (reply.kind === 'progress') return progress?.(reply.done, reply.total);
    const job = current;
    current = null;
    job.settle(reply);
  };
  w.onerror = (event) => {
    event.preventDefault();
    const job = current;
    current = null;
    stopCoach();
    job?.settle({ id: job.id, kind: 'failed', reason: event.message || 'the coach stopped' });
  };
  return (worker = w);
}

/**
 * Asks the coach one thing at a time: a new question stops the one before. The view is sent as plain
 * JSON (the page's copy is reactive and cannot be cloned as it is).
 */
export function askCoach(request: Request, onProgress?: (done: number, total: number) => void): CoachJob {
  if (current) stopCoach();
  const id = ++lastId;
  let settle!: (answer: Answer | null) => void;
  const answer = new Promise<Answer | null>((resolve) => (settle = resolve));
  current = { id, settle };
  progress = onProgress ?? null;
  started().postMessage(JSON.parse(JSON.stringify({ ...request, id })) as CoachRequest);
  return {
    answer,
    cancel: () => {
      if (current?.id === id) stopCoach();
    },
  };
}
