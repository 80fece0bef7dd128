/** The bot strengths a table can ask for. Kept apart from the search so the protocol can name them cheaply. */
export const BOT_LEVEL_NAMES = ['easy', 'normal', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVEL_NAMES)[number];
/** What a table without a level (older snapshots, clients that do not send one) gets. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'normal';
