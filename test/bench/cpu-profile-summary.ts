// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function, and the longest stretches the
// thread spent in one piece of work (consecutive samples outside the idle loop), with what they ran; with
// `within=`, the time spent inside each named function, callees included (where a move's time goes).
//   node --import tsx test/bench/cpu-profile-summary.ts FILE.cpuprofile [top=25] [within=name,name]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, ...args] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [top=25] [within=name,name]');
const arg = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const top = Number(arg('top') ?? 25);
const within = arg('within')?.split(',') ?? [];
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (url: string) => url.replace(/^.*\/(node_modules\/|main\/|shared\/|test\/)/, '$1');
const label = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

// Each sample's duration is the delta to the next sample.
const self = new Map<string, number>();
/** Time inside each `within` function (callees included, counted once however deep the recursion). */
const inside = new Map<string, number>();
let total = 0;
const runs: { ms: number; atMs: number; stack: string }[] = [];
let run = { ms: 0, atMs: 0, heaviest: new Map<number, number>() };
let at = 0;
const endRun = () => {
  if (run.ms === 0) return;
  const [leaf] = [...run.heaviest.entries()].sort((a, b) => b[1] - a[1])[0];
  const stack: string[] = [];
  for (let id: number | undefined = leaf; id !== undefined && stack.length < 8; id = parent.get(id)) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName !== '(root)') stack.push(label(n));
  }
  runs.push({ ms: run.ms, atMs: run.atMs, stack: stack.join(' < ') });
  run = { ms: 0, atMs: 0, heaviest: new Map() };
};
for (let i = 0; i < profile.samples.length; i++) {
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  at += (profile.timeDeltas[i] ?? 0) / 1000;
  const node = byId.get(profile.samples[i])!;
  const name = label(node);
  self.set(name, (self.get(name) ?? 0) + ms);
  total += ms;
  if (within.length > 0 && !IDLE.has(node.callFrame.functionName)) {
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame.functionName;
      if (within.includes(f) && !seen.has(f)) {
        seen.add(f);
        inside.set(f, (inside.get(f) ?? 0) + ms);
      }
    }
  }
  if (node.callFrame.functionName === '(idle)') endRun();
  else {
    if (run.ms === 0) run.atMs = at;
    run.ms += ms;
    run.heaviest.set(node.id, (run.heaviest.get(node.id) ?? 0) + ms);
  }
}
endRun();

const busy = [...self].filter(([n]) => !n.startsWith('(idle)')).reduce((s, [, ms]) => s + ms, 0);
console.log(`${file}: ${(total / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(2)} s not idle`);
console.log(`\nself time, top ${top} (ms, share of the non-idle time):`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (IDLE.has(name.split(' ')[0]) && name.startsWith('(idle)')) continue;
  console.log(`${ms.toFixed(1).padStart(9)}  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
}
console.log(`\nlongest stretches without going idle (wall ms between samples; heaviest stack):`);
for (const r of runs.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`${r.ms.toFixed(1).padStart(9)}  at ${(r.atMs / 1000).toFixed(2)} s  ${r.stack}`);
}
if (within.length > 0) {
  console.log(`\ntime inside each function, callees included (ms, share of the non-idle time):`);
  for (const f of within) {
    const ms = inside.get(f) ?? 0;
    console.log(`${ms.toFixed(1).padStart(9)}  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${f}`);
  }
}
