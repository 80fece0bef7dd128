import type { Move } from '../../../shared/engine/types';
import { useExplainText } from './explainText';

/** Whole chances as the coach shows them: 0.436 → "44". */
export const percent = (chance: number): string => String(Math.round(chance * 100));

/** Words for the coach: a complete turn as one phrase ("playing Red 4, then discarding Green 1"). */
export function useCoachText() {
  const x = useExplainText();
  const { t, stepText } = x;

  function stepWords(move: Move, names: string[]): string {
    switch (move.type) {
      case 'draw':
        return t('coach.stepDraw');
      case 'noDraw':
        return t('coach.stepNoDraw');
      case 'pass':
        return t('coach.stepPass');
      default:
        return stepText(move, names);
    }
  }

  /** A complete turn in words; `end` (and anything without words) says nothing. */
  const turnWords = (turn: readonly Move[], names: string[]): string =>
    turn
      .map((m) => stepWords(m, names))
      .filter((words) => words !== '')
      .join(t('step.then'));

  return { ...x, turnWords };
}
