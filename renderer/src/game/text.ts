import { useI18n } from 'vue-i18n';
import { cardColor, cardValue } from '../../../shared/engine';
import type { CardId, LogEntry, Rule } from '../../../shared/engine/types';
import type { Reason } from './reasons';

/** Words for cards, rules, seats, log entries and refusals, in the current language. */
export function useGameText() {
  const { t } = useI18n();

  const colorName = (c: Rule): string => t(`color.${c}`);
  const cardName = (card: CardId): string =>
    t('card.name', { color: colorName(cardColor(card)), value: cardValue(card) });
  const cardList = (cards: CardId[]): string => cards.map(cardName).join(', ');
  const ruleName = (rule: Rule): string => t(`rule.${rule}.name`);
  const ruleShort = (rule: Rule): string => t(`rule.${rule}.short`);

  function reasonText(reason: Reason): string {
    const params = { ...reason.params };
    if (typeof params.rule === 'string') params.rule = ruleName(params.rule as Rule);
    return t(`why.${reason.key}`, params);
  }

  /** One log entry in words; `names` by seat. */
  function logText(e: LogEntry, names: string[]): string {
    const n = (seat: number): string => names[seat] ?? `#${seat + 1}`;
    switch (e.kind) {
      case 'deal':
        return t('log.deal', { round: e.round, name: n(e.first) });
      case 'play':
        return t('log.play', { name: n(e.seat), card: cardName(e.card) });
      case 'discard':
        return t('log.discard', {
          name: n(e.seat),
          card: cardName(e.card),
          rule: ruleName(cardColor(e.card)),
        });
      case 'draw': {
        const why = t(e.cause === 'three' ? 'log.causeThree' : 'log.causeAdvanced');
        return e.card
          ? t('log.drawCard', { name: n(e.seat), card: cardName(e.card), why })
          : t('log.drawHidden', { name: n(e.seat), why });
      }
      case 'noDraw':
        return t('log.noDraw', { name: n(e.seat) });
      case 'seven':
        return e.to === 'canvas'
          ? t('log.sevenCanvas', {
              name: n(e.seat),
              card: cardName(e.card),
              rule: ruleName(cardColor(e.card)),
            })
          : t('log.sevenDeck', { name: n(e.seat), card: cardName(e.card) });
      case 'one':
        return t('log.one', { name: n(e.seat), target: n(e.target), card: cardName(e.card) });
      case 'actionSkipped':
        return t('log.actionSkipped', { name: n(e.seat), card: cardName(e.card) });
      case 'out':
        return t(`log.out.${e.reason}`, { name: n(e.seat) });
      case 'roundWon':
        return t('log.roundWon', {
          name: n(e.seat),
          round: e.round,
          rule: ruleName(e.rule),
          points: e.points,
          cards: e.scored.length ? cardList(e.scored) : '—',
        });
      case 'gameOver':
        return t('log.gameOver', { names: e.winners.map(n).join(', ') }, e.winners.length);
    }
  }

  return { t, colorName, cardName, cardList, ruleName, ruleShort, reasonText, logText };
}
