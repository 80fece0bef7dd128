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
