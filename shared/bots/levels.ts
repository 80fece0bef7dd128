/** The bot strengths a table can ask for. Kept apart from the search so the protocol can name them cheaply. */
export const BOT_LEVEL_NAMES = ['easy', 'normal', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVEL_NAMES)[number];
/** What a table without a level (older snapshots, clients that do not send one) gets. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'normal';

/** How long a table's hard bots think on a decision: its search budget, a table option (easy and normal keep theirs). */
export const BOT_THINK_NAMES = ['quick', 'normal', 'long'] as const;
export type BotThink = (typeof BOT_THINK_NAMES)[number];
export const DEFAULT_BOT_THINK: BotThink = 'normal';
