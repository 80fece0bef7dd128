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

/**
 * One line of questions to a worker of its own: a new question stops the one before. The coach's
 * suggestions and reviews share one; the solver has its own, so a replay's verdicts never stop a review.
 */
class CoachLane {
  private worker: Worker | null = null;
  private current: { id: number; settle: (answer: Answer | null) => void } | null = null;
  private progress: ((done: number, total: number) => void) | null = null;

  /** Stops whatever it is thinking about: a search cannot be interrupted, so the worker goes. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.current?.settle(null);
    this.current = null;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const w = createWorker();
    w.onmessage = (event: MessageEvent<CoachReply>) => {
      const reply = event.data;
      if (!this.current || reply.id !== this.current.id) return;
      if (reply.kind === 'progress') return this.progress?.(reply.done, reply.total);
      const job = this.current;
      this.current = null;
      job.settle(reply);
    };
    w.onerror = (event) => {
      event.preventDefault();
      const job = this.current;
      this.current = null;
      this.stop();
      job?.settle({ id: job.id, kind: 'failed', reason: event.message || 'the coach stopped' });
    };
    return (this.worker = w);
  }

  /** The request goes as plain JSON (the page's copy is reactive and cannot be cloned as it is). */
  ask(request: Request, onProgress?: (done: number, total: number) => void): CoachJob {
    if (this.current) this.stop();
    const id = ++lastId;
    let settle!: (answer: Answer | null) => void;
    const answer = new Promise<Answer | null>((resolve) => (settle = resolve));
    this.current = { id, settle };
    this.progress = onProgress ?? null;
    this.started().postMessage(JSON.parse(JSON.stringify({ ...request, id })) as CoachRequest);
    return {
      answer,
      cancel: () => {
        if (this.current?.id === id) this.stop();
      },
    };
  }
}

let lastId = 0;
const coachLane = new CoachLane();
const solverLane = new CoachLane();

/** Tests put a stand-in worker here. */
export function setCoachWorker(factory: () => Worker = defaultWorker): void {
  stopCoach();
  solverLane.stop();
  createWorker = factory;
}

/** Stops whatever the coach is thinking about. */
export const stopCoach = (): void => coachLane.stop();

/** Asks the coach one thing at a time: a new question stops the one before. */
export const askCoach = (request: Request, onProgress?: (done: number, total: number) => void): CoachJob =>
  coachLane.ask(request, onProgress);

/** Asks the solver whether a replayed position was won (every card known), one position at a time. */
export const askSolver = (request: Extract<Request, { kind: 'solve' | 'hindsight' }>): CoachJob =>
  solverLane.ask(request);
