import type { RoundHindsight } from '../../../shared/bots/hindsight';
import type { useCoachText } from './coachText';

type CoachText = Pick<ReturnType<typeof useCoachText>, 't' | 'turnWords'>;

/**
 * A round in hindsight in one sentence: to the player ("From your turn 3 you had a forced win: …"), or,
 * in a replay, about the player named `name` (`named`). `estimate`: the solver proved nothing, so the
 * rollout estimate is all there is.
 */
export function hindsightWords(
  h: RoundHindsight,
  names: string[],
  { t, turnWords }: CoachText,
  named?: string,
): { text: string; estimate: boolean } {
  const f = h.finding;
  const p = named === undefined ? 'coach.hindsight' : 'replay.turning';
  const name = named ?? '';
  const text = (key: string, more: Record<string, unknown> = {}) => ({
    text: t(`${p}${key}`, { name, ...more }),
    estimate: false,
  });
  switch (f.kind) {
    case 'won':
      return f.from
        ? text('Won', {
            own: f.from.ownNumber,
            n: f.from.turnNumber,
            steps: turnWords(f.from.win ?? [], names),
          })
        : text('WonUnproved');
    case 'lostAt':
      return text('LostAt', {
        own: f.at.ownNumber,
        n: f.at.turnNumber,
        steps: turnWords(f.at.win ?? [], names),
      });
    case 'noWin':
      return f.from.ownNumber === 1
        ? text('NoWinFirst', { n: f.from.turnNumber })
        : text('NoWin', { own: f.from.ownNumber, n: f.from.turnNumber });
    default:
      return { ...text('Unknown'), estimate: true };
  }
}
