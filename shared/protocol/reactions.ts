/**
 * Quick reactions: a fixed set, sent by id. The screens draw each id (an emoji, or a word in the
 * player's language), so nothing typed ever travels and there is nothing to moderate.
 */
export const REACTIONS = [
  'thumbsUp',
  'clap',
  'wow',
  'laugh',
  'grimace',
  'party',
  'wellPlayed',
  'oops',
] as const;

export type Reaction = (typeof REACTIONS)[number];

/** What each emoji reaction shows; the others (`wellPlayed`, `oops`) are words, translated by the screen. */
export const REACTION_EMOJI: Partial<Record<Reaction, string>> = {
  thumbsUp: '👍',
  clap: '👏',
  wow: '😮',
  laugh: '😂',
  grimace: '😬',
  party: '🎉',
};

/**
 * Per player: at most `count` reactions in any `windowMs`; the host drops the rest. Enough for a burst
 * of joy, too few to drown a table in bubbles. The screens hold back the same way, so a person who
 * clicks fast is never refused.
 */
export const REACTION_RATE = { count: 3, windowMs: 5000 } as const;

/** How long a reaction stays on its seat on the screens. */
export const REACTION_SHOWN_MS = 2500;

/**
 * The rate's sliding window, as the host and the screens both apply it: drops the times that have left
 * the window from `times` (in place) and, if there is room, adds `now` and returns true.
 */
export function takeReactionSlot(
  times: number[],
  now: number,
  rate: { count: number; windowMs: number } = REACTION_RATE,
): boolean {
  const recent = times.filter((t) => now - t < rate.windowMs);
  times.splice(0, times.length, ...recent);
  if (recent.length >= rate.count) return false;
  times.push(now);
  return true;
}
