import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the slowest files took in a clean-clone CI run (`.ci/run` prints the 15 slowest; a
 * file of 10 s or more belongs here). A fresh clone has no timings of its own, and without them Vitest
 * starts the largest files first, project after project, so a long file sized small (lan/mdns.test.ts
 * sleeps through announcements) started last in its group and held the next group back ~30 s. Only their
 * order matters: the figures are one run's (2026-12-07, a slow day for this machine: the day before's state
 * took 774 s where it had taken 553), taken whole once phone.test had grown well past its 25 s here.
 */
const SECONDS: Record<string, number> = {
  'test/e2e/layout.test.ts': 159,
  'test/e2e/learn.test.ts': 132,
  // Since that run (the e2e project alone, 2026-12-07): phone.test reuses its pages, vote-names.test is new.
  'test/e2e/phone.test.ts': 76,
  'test/e2e/vote-names.test.ts': 43,
  'test/e2e/replay.test.ts': 69,
  'test/e2e/game.test.ts': 64,
  'test/ci/benches.test.ts': 49,
  'test/e2e/a11y.test.ts': 47,
  'test/e2e/turn-clock.test.ts': 44,
  'test/lan/mdns.test.ts': 40,
  'test/e2e/table-flow.test.ts': 40,
  'test/e2e/reactions.test.ts': 38,
  'test/e2e/operator-hand-over.test.ts': 37,
  'test/e2e/evening.test.ts': 34,
  'test/e2e/room-screen.test.ts': 34,
  'test/e2e/long-names.test.ts': 32,
  'test/e2e/party-table.test.ts': 31,
  'test/integration/hand-over-kill.test.ts': 30,
  'test/e2e/table-control.test.ts': 30,
  'test/e2e/hand-over-panel.test.ts': 21,
  'test/e2e/routes.test.ts': 21,
  'test/e2e/history-stats.test.ts': 19,
  'test/e2e/versions.test.ts': 19,
  'test/e2e/coach.test.ts': 18,
  'test/e2e/lobby-after-game.test.ts': 17,
  'test/e2e/first-game.test.ts': 17,
  'test/e2e/hindsight.test.ts': 17,
  'test/integration/crash.test.ts': 17,
  'test/e2e/room-evening-fit.test.ts': 16,
  'test/unit/engine/properties.test.ts': 16,
  'test/e2e/forced-line.test.ts': 15,
  'test/e2e/reach.test.ts': 15,
  'test/e2e/rounds.test.ts': 14,
  'test/integration/reactions.test.ts': 14,
  'test/e2e/hand-over.test.ts': 14,
  'test/integration/hand-over-slow.test.ts': 13,
  'test/integration/bot-levels.test.ts': 12,
  'test/integration/leaks.test.ts': 12,
  'test/integration/evening.test.ts': 11,
  'test/e2e/explain.test.ts': 11,
  'test/unit/engine/explain-hindsight-replay.test.ts': 10,
};

/**
 * Longest first within each group of `npm test` (files of a group share its workers whatever their
 * project), so the group ends on short files rather than waiting on one long one. A file's time is this
 * machine's last run of it where Vitest kept one, else the list above; unknown files keep Vitest's order.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    const seconds = (spec: TestSpecification): number => {
      const last = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (last !== undefined) return last / 1000;
      return SECONDS[relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/')] ?? 0;
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // A stable sort: files of equal time (unknown ones: 0) keep Vitest's order.
    return [...vitestOrder].sort((a, b) => group(a) - group(b) || seconds(b) - seconds(a));
  }
}
