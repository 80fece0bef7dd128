import type { LeadExplanation, SeatStanding } from '../../../shared/engine';
import { cardColor } from '../../../shared/engine';
import { useGameText } from './text';

/*
 * Words for the engine's explanations. The engine decides (who leads, why, what keeps you in); this
 * module only turns its codes and parameters into sentences, "you" for the player's own seat.
 */
export function useExplainText() {
  const g = useGameText();
  const { t, cardName, colorName, ruleName } = g;

  /** "3 cards · best Violet 6", "1 card: Red 6", "nothing counts". */
  function standingText(s: SeatStanding): string {
    if (!s.best) return t('standing.none');
    if (s.size === 1) return t('standing.one', { card: cardName(s.best) });
    return t('standing.many', { n: s.size, card: cardName(s.best) });
  }

  /**
   * Who leads and what decides it: "Bot 2 leads: 3 cards each, Violet 6 beats Red 4". When nobody
   * leads, what that means for the player to act. `current` is the seat to act (null between rounds).
   */
  function leadText(e: LeadExplanation, names: string[], me: number | null, current: number | null): string {
    const name = (seat: number): string => names[seat] ?? `#${seat + 1}`;
    const other = (seat: number): string => (seat === me ? t('lead.yourPalette') : name(seat));
    if (e.kind === 'nobody') {
      const head = t('lead.nobody', { rule: ruleName(e.rule) });
      if (current === null) return head;
      const then = current === me ? t('lead.nobodyYou') : t('lead.nobodyThem', { name: name(current) });
      return `${head} ${then}`;
    }
    const you = e.leader === me;
    const key = (k: string): string => (you ? `lead.you.${k}` : `lead.${k}`);
    switch (e.kind) {
      case 'alone':
        return t(key('alone'), { name: name(e.leader) });
      case 'moreCards':
        return t(key('moreCards'), {
          name: name(e.leader),
          n: e.leaderSize,
          m: e.runnerUpSize,
          other: other(e.runnerUp),
        });
      case 'higherCard': {
        const each = t('lead.each', { n: e.size }, e.size);
        const line = t(key('higherCard'), {
          name: name(e.leader),
          each,
          best: cardName(e.leaderBest),
          worse: cardName(e.runnerUpBest),
        });
        if (!e.byColor) return line;
        return `${line} ${t('lead.byColor', {
          color: colorName(cardColor(e.leaderBest)),
          worse: colorName(cardColor(e.runnerUpBest)),
        })}`;
      }
    }
  }

  return { ...g, standingText, leadText };
}
