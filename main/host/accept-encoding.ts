/** The encodings the host has precompressed files for, in the order it prefers them (smallest first). */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type Encoding = (typeof ENCODINGS)[number];

/**
 * The encodings an `Accept-Encoding` header allows, best first (RFC 9110 §12.5.3): a q-value of 0
 * refuses one (`br;q=0`), `*` stands for every encoding not named, and among equal q-values the
 * host's own order decides. No header, or an unreadable one, allows none: the plain file is always safe.
 */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return [];
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (m) weight = Number(m[1]);
    }
    if (Number.isFinite(weight)) q.set(token === 'x-gzip' ? 'gzip' : token, weight);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  return ENCODINGS.filter((e) => weightOf(e.name) > 0).sort((a, b) => weightOf(b.name) - weightOf(a.name));
}
