/**
 * The chapters of "Learn to play", in the order they are taught. Their ids are part of the page's
 * addresses (`#/learn/<id>`): the Rules dialog links to them, so they never change.
 */
export const CHAPTER_IDS = ['goal', 'play', 'rules', 'turn', 'ties', 'advanced', 'action'] as const;
export type ChapterId = (typeof CHAPTER_IDS)[number];

export const isChapterId = (value: unknown): value is ChapterId =>
  typeof value === 'string' && (CHAPTER_IDS as readonly string[]).includes(value);
