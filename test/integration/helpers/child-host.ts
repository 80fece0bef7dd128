import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ChildHost {
  proc: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the headless host command (`main/cli.ts`, discovery off) as its own process; with `maxTables`, a
 * host with that table cap instead (helpers/capped-host.ts, any free port); `args`: more of the command's flags.
 */
export function spawnHost(
  dataDir: string,
  port = 0,
  opts: { maxTables?: number; args?: string[]; stdin?: 'pipe' } = {},
): Promise<ChildHost> {
  const args =
    opts.maxTables === undefined
      ? ['main/cli.ts', '--no-discovery', '--bind', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--name', 'crash test', ...(opts.args ?? [])]
      : ['test/integration/helpers/capped-host.ts', dataDir, String(opts.maxTables)]; // prettier-ignore
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 20_000);
    const onData = () => {
      const m = /listening on port (\d+)/.exec(out);
      if (!m || !/table\(s\) restored/.test(out)) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      resolve({ proc, port: Number(m[1]), output: () => out, exited });
    };
    proc.stdout!.on('data', onData);
    void exited.then(() => reject(new Error(`host exited early:\n${out}`)));
  });
}
