import { waitAtMost } from '../common/wait-at-most';

/**
 * Quitting: the app waits for its shutdown steps (stop accepting players and flush snapshots,
 * then mDNS goodbyes, then stop browsing) before it really quits, and each step has its own
 * time budget, so a hung step delays the quit by at most that budget and never blocks it.
 */
export interface QuitStep {
  name: string;
  run(): Promise<void>;
  timeoutMs: number;
}

export interface QuitReport {
  completed: string[];
  failed: string[];
  timedOut: string[];
}

export async function runQuitSteps(
  steps: QuitStep[],
  log: (message: string) => void = (message) => console.warn(message),
): Promise<QuitReport> {
  const report: QuitReport = { completed: [], failed: [], timedOut: [] };
  for (const step of steps) {
    try {
      const outcome = await waitAtMost(
        step.timeoutMs,
        Promise.resolve().then(() => step.run()),
      );
      if (outcome === 'late') {
        report.timedOut.push(step.name);
        log(`quit: ${step.name} did not finish within ${step.timeoutMs} ms; going on`);
      } else {
        report.completed.push(step.name);
      }
    } catch (error) {
      report.failed.push(step.name);
      log(`quit: ${step.name} failed: ${String(error)}`);
    }
  }
  return report;
}

/**
 * Holds the first quit request until the steps are done, then quits for real. Later requests
 * while it runs are swallowed; the second `before-quit` (from our own app.quit) passes.
 */
/** The slice of Electron's app the guard needs. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export function installQuitSequence(
  app: QuittingApp,
  steps: () => QuitStep[],
  log: (message: string) => void = (message) => console.warn(message),
): { readonly state: 'idle' | 'running' | 'done' } {
  const guard = { state: 'idle' as 'idle' | 'running' | 'done' };
  app.on('before-quit', (event) => {
    if (guard.state === 'done') return;
    event.preventDefault();
    if (guard.state === 'running') return;
    guard.state = 'running';
    void runQuitSteps(steps(), log).finally(() => {
      guard.state = 'done';
      app.quit();
    });
  });
  return guard;
}
