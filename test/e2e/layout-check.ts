/// <reference lib="dom" />
// The checks run inside the page (page.evaluate), where the DOM is.
import type { Page } from 'playwright-core';

/**
 * Is it on screen, as the app leaves the page (no scrolling)? Each target is a CSS selector; every element
 * it matches must be drawn, lie inside the viewport, and not be cut by an ancestor that clips or scrolls
 * (overflow other than visible), nor covered by something else (a pinned bar): the middle of its box
 * belongs to it. Returns one line per problem, so a failing test says what and where.
 */
export interface Target {
  label: string;
  selector: string;
  /** Every match must be seen (default: the first, which must exist). */
  all?: boolean;
}

export async function offScreen(page: Page, targets: Target[]): Promise<string[]> {
  return page.evaluate((list) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const r = (b: DOMRect) =>
      `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}×${Math.round(b.height)}`;
    if (window.scrollX !== 0 || window.scrollY !== 0)
      problems.push(`the page is scrolled (${scrollX}, ${scrollY})`);
    for (const t of list) {
      const found = [...document.querySelectorAll(t.selector)];
      if (found.length === 0) {
        problems.push(`${t.label}: nothing matches ${t.selector}`);
        continue;
      }
      for (const el of t.all ? found : found.slice(0, 1)) {
        const b = el.getBoundingClientRect();
        if (b.width === 0 || b.height === 0) {
          problems.push(`${t.label}: not drawn`);
          continue;
        }
        const slack = 0.5;
        if (b.left < -slack || b.top < -slack || b.right > vw + slack || b.bottom > vh + slack)
          problems.push(`${t.label}: ${r(b)} outside the ${vw}×${vh} window`);
        // The middle and, a little inside, the bottom corners: a bar pinned over its lower part shows.
        for (const [fx, fy] of [
          [0.5, 0.5],
          [0.15, 0.85],
          [0.85, 0.85],
        ]) {
          const x = b.left + b.width * fx;
          const y = b.top + b.height * fy;
          const hit = x >= 0 && y >= 0 && x < vw && y < vh ? document.elementFromPoint(x, y) : null;
          if (hit && !el.contains(hit) && !hit.contains(el)) {
            problems.push(
              `${t.label}: covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`,
            );
            break;
          }
        }
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const c = a.getBoundingClientRect();
          const top = c.top + a.clientTop;
          const left = c.left + a.clientLeft;
          if (
            b.top < top - slack ||
            b.bottom > top + a.clientHeight + slack ||
            b.left < left - slack ||
            b.right > left + a.clientWidth + slack
          )
            problems.push(
              `${t.label}: ${r(b)} cut by ${a.tagName.toLowerCase()}.${[...a.classList].join('.')} ${r(c)}`,
            );
        }
      }
    }
    return problems;
  }, targets);
}

/** How far the page reaches sideways, against the window's width (equal: nothing sticks out). */
export async function widths(page: Page): Promise<{ scroll: number; viewport: number }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
}
