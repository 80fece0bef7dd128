/** A line of text in pieces: the players' names apart from the words around them. */
export interface TextPart {
  text: string;
  name: boolean;
}

/**
 * Only names this long are set apart: a shorter one never needs cutting, and a short name (a letter or two)
 * could match inside a word.
 */
const CUTTABLE = 9;

/**
 * Splits a sentence around the long names in it, so that a phone can cut a long name with an ellipsis
 * instead of letting it wrap the whole sentence over three lines; the words around it (a Korean particle
 * already chosen for the whole name) stay as they are.
 */
export function nameParts(text: string, names: readonly string[]): TextPart[] {
  const long = [...new Set(names)]
    .filter((n) => [...n].length >= CUTTABLE)
    .sort((a, b) => b.length - a.length);
  const parts: TextPart[] = [];
  let rest = text;
  while (rest) {
    let at = -1;
    let found = '';
    for (const n of long) {
      const i = rest.indexOf(n);
      if (i >= 0 && (at < 0 || i < at)) [at, found] = [i, n];
    }
    if (at < 0) {
      parts.push({ text: rest, name: false });
      break;
    }
    if (at > 0) parts.push({ text: rest.slice(0, at), name: false });
    parts.push({ text: found, name: true });
    rest = rest.slice(at + found.length);
  }
  return parts;
}
