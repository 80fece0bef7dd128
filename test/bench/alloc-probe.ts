// What a process allocates, by function, collected objects included (a V8 sampling heap profile: a heap
// snapshot or --heap-prof sees only what is still alive). Printed to stderr at exit: the bytes allocated inside
// each function named in ALLOC_WITHIN (callees included), and the profile is written to ALLOC_OUT if set
// (Chromium's DevTools opens a .heapprofile). Divide by the moves a bench reports for bytes a move:
//   ALLOC_WITHIN=handle,sendViews,viewFrame,projectLog,illegalReason NODE_OPTIONS="--import ./test/bench/alloc-probe.ts" \
//     node --import tsx test/bench/host-work.bench.ts
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

const session = new Session();
session.connect();
session.post('HeapProfiler.enable');
session.post('HeapProfiler.startSampling', {
  samplingInterval: 8192,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});

const within = (process.env.ALLOC_WITHIN ?? '').split(',').filter(Boolean);

process.on('exit', () => {
  // The inspector session answers synchronously in the same thread, so this runs before the process ends.
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) return console.error(`[alloc] ${error.message}`);
    const head = (result.profile as { head: ProfileNode }).head;
    if (process.env.ALLOC_OUT) writeFileSync(process.env.ALLOC_OUT, JSON.stringify(result.profile));
    const inside = new Map<string, number>();
    let total = 0;
    const walk = (node: ProfileNode, open: ReadonlySet<string>) => {
      const name = node.callFrame.functionName;
      const here = within.includes(name) ? new Set([...open, name]) : open;
      total += node.selfSize;
      for (const n of here) inside.set(n, (inside.get(n) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child, here);
    };
    walk(head, new Set());
    console.error(`[alloc ${process.pid}] in all: ${(total / 1e6).toFixed(1)} MB`);
    for (const name of within)
      console.error(
        `[alloc ${process.pid}] inside ${name}: ${((inside.get(name) ?? 0) / 1e6).toFixed(1)} MB`,
      );
  });
});
