import { REACTIONS, REACTION_EMOJI, type Reaction } from '../../../shared/protocol';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A reaction id this screen can draw (a newer host's id it does not know is ignored). */
export function isReaction(value: unknown): value is Reaction {
  return (REACTIONS as readonly unknown[]).includes(value);
}

/** What a reaction looks like on a seat: its emoji, or its word in the screen's language. */
export function reactionFace(reaction: Reaction, t: Translate): string {
  return REACTION_EMOJI[reaction] ?? t(`react.word.${reaction}`);
}

/** A reaction in words for a screen reader: "Ann: 👏 applause", "Ann: Well played". */
export function reactionSpoken(name: string, reaction: Reaction, t: Translate): string {
  const emoji = REACTION_EMOJI[reaction];
  const said = emoji ? `${emoji} ${t(`react.name.${reaction}`)}` : t(`react.word.${reaction}`);
  return t('react.said', { name, reaction: said });
}
