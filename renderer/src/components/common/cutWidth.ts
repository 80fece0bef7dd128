/*
 * A name cut with an ellipsis keeps the width of its box, not of what shows: the characters that fit with
 * the "…" after them, then a gap up to a character wide before the words that follow ("(Bartolom… )",
 * wider after a Korean syllable). This is the width of what shows, to size the box to.
 */

const widths = new Map<string, number>();
/** The width of "…" in `font` (a canvas measures the same font as the page's text). */
function ellipsisWidth(font: string): number | null {
  const known = widths.get(font);
  if (known !== undefined) return known;
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return null;
  ctx.font = font;
  const w = ctx.measureText('…').width;
  widths.set(font, w);
  return w;
}

/** The text's pieces the browser cuts between (whole emoji and accented letters, not code units). */
function pieces(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl)
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.segment,
    );
  return [...text];
}

/**
 * The width of a cut name's content as drawn: its characters up to the last one that fits with the
 * ellipsis after it (the browser's rule), plus the ellipsis. Null when it cannot tell: no layout, or
 * right-to-left text (the ellipsis is at the start, the gap not where the words follow).
 */
export function cutWidth(el: HTMLElement): number | null {
  const style = getComputedStyle(el);
  if (style.direction === 'rtl') return null;
  const padLeft = parseFloat(style.paddingLeft) || 0;
  const room = el.clientWidth - padLeft - (parseFloat(style.paddingRight) || 0);
  const start = el.getBoundingClientRect().left + el.clientLeft + padLeft;
  const dots = ellipsisWidth(style.font || `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`);
  if (room <= 0 || dots === null || dots <= 0) return null;
  const range = document.createRange();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let end = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let at = 0;
    for (const piece of pieces(node.textContent ?? '')) {
      range.setStart(node, at);
      range.setEnd(node, at + piece.length);
      at += piece.length;
      const rect = range.getBoundingClientRect();
      if (rect.width === 0) continue;
      const right = rect.right - start;
      if (right + dots > room + 0.01) return end > 0 ? end + dots : null;
      // A space before the cut would show as a gap before the "…": the box ends before it.
      if (piece.trim()) end = Math.max(end, right);
    }
  }
  return null;
}
