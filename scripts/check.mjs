// `npm run check`: eslint, prettier and vue-tsc at once (each is mostly one core; run one after another,
// they take the sum of their times). Each tool's output is printed whole when it ends, and the check fails
// if any of them does.
import { spawn } from 'node:child_process';
import process from 'node:process';

const TOOLS = [
  ['eslint', ['.']],
  ['prettier', ['--check', '.']],
  ['vue-tsc', ['-b']],
];

const run = ([tool, args]) =>
  new Promise((done) => {
    const started = Date.now();
    const child = spawn(`node_modules/.bin/${tool}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => done({ tool, ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      done({
        tool,
        ok: code === 0,
        output: `${output}${tool}: ${code === 0 ? 'ok' : `failed (${code})`}, ${seconds} s\n`,
      });
    });
  });

const results = await Promise.all(TOOLS.map(run));
for (const { output } of results) process.stdout.write(output);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
