/**
 * Characters a reason must never carry back to whoever sent them: controls (C0 with NUL and tab, C1),
 * format characters (bidi overrides and isolates U+202A–202E and U+2066–2069, zero-width U+200B–200F,
 * U+FEFF), lone surrogates, and line and paragraph separators.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * Makes text received from outside safe to quote in a reason: every unsafe character becomes `?` and
 * the text is cut to `max` characters (never inside a surrogate pair), with `…` where it was cut.
 */
export function tidyQuoted(text: string, max: number): string {
  const chars = Array.from(text.replace(UNSAFE, '?'));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
