import { execFileSync } from 'node:child_process';

/** Every running process as [pid, parent pid]; on Windows through PowerShell's CIM query. */
function processTable(): [number, number][] {
  const text =
    process.platform === 'win32'
      ? execFileSync(
          'powershell.exe',
          [
            '-NoProfile',
            '-Command',
            'Get-CimInstance Win32_Process | ForEach-Object { "$($_.ProcessId) $($_.ParentProcessId)" }',
          ],
          { encoding: 'utf8' },
        )
      : execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((p): p is [number, number] => p.length === 2 && p.every(Number.isInteger));
}

/** `pid` and every process below it (Electron's GPU, renderer, utility and zygote processes). */
export function processTree(pid: number): number[] {
  const table = processTable();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of table) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  }
  return tree.filter((p) => p === pid || table.some(([q]) => q === p));
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
