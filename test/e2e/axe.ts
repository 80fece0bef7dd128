import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core's own build, served same-origin by URL: the app's CSP (`script-src 'self'`) refuses inline scripts. */
const AXE_FILE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_URL = '/__axe/axe.min.js';

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * The WCAG 2.1 AA violations axe-core finds on the page as it stands (only inside `include`, if given).
 * Each test says which impacts count and how it words them.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  await page.route(`**${AXE_URL}`, (route) =>
    route.fulfill({ path: AXE_FILE, contentType: 'text/javascript; charset=utf-8' }),
  );
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ url: AXE_URL });
  // axe is already in the page (loaded above): the builder's own injection is a no-op expression.
  let builder = new AxeBuilder({ page, axeSource: 'void 0' }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
  ]);
  if (include) builder = builder.include(include);
  return (await builder.setLegacyMode(true).analyze()).violations;
}

/** Serious or critical violations, one "rule: target" line per node. */
export const seriousTargets = (violations: AxeViolation[]): string[] =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
