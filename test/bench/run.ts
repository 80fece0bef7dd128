// `npm run bench`: runs every test/bench/*.bench.ts in its own process, one after another
// (so workloads do not share a warm JIT or a heap); each prints one JSON line per workload.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
// Plain words pick the benches to run; `name=value` arguments are passed on to each of them.
const only = process.argv.slice(2).filter((a) => !a.includes('='));
const settings = process.argv.slice(2).filter((a) => a.includes('='));
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  // A name picks its own bench only: `bots` is not `host-bots`, nor `host` `host-bots`.
  if (only.length > 0 && !only.includes(file.replace(/\.bench\.ts$/, ''))) continue;
  // The bot tournament plays thousands of searched decisions, the host's event-loop workload whole games at
  // the bots' pace (minutes): they run only when named (`npm run bench -- bots`, `npm run bench -- host-bots`).
  if (
    only.length === 0 &&
    (file.startsWith('bots.') || file.startsWith('host-bots.') || file.startsWith('choices.'))
  )
    continue;
  execFileSync(process.execPath, ['--import', 'tsx', `${dir}/${file}`, ...settings], { stdio: 'inherit' });
}
