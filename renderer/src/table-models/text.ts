import { useI18n } from 'vue-i18n';
import { cardColor, cardValue } from '../../../shared/engine/cards';
import type { CardId, LogEntry, Rule } from '../../../shared/engine/types';
import type { IllegalReason } from '../../../shared/engine';

/** Words for cards, rules, seats, log entries and refusals, in the current language. */
export function useGameText() {
  const { t } = useI18n();

  const colorName = (c: Rule): string => t(`color.${c}`);
  const cardName = (card: CardId): string =>
    t('card.name', { color: colorName(cardColor(card)), value: cardValue(card) });
  const cardList = (cards: CardId[]): string => cards.map(cardName).join(', ');
  const ruleName = (rule: Rule): string => t(`rule.${rule}.name`);
  const ruleShort = (rule: Rule): string => t(`rule.${rule}.short`);

  /** The engine's reason a move is not allowed, in words (i18n `why.<code>`). */
  function reasonText(reason: IllegalReason): string {
    if (reason.code === 'oneTarget' && reason.params.rulesVersion === '1.1') return t('why.oneTargetV11');
    const params: Record<string, string | number> = { ...('params' in reason ? reason.params : {}) };
    if (typeof params.rule === 'string') params.rule = ruleName(params.rule as Rule);
    if (typeof params.card === 'string') params.card = cardName(params.card as CardId);
    return t(`why.${reason.code}`, params);
  }

  /**
   * One log entry in words; `names` by seat. Your own moves are told to you ("You played Blue 4").
   * `extra`: the entry is a play after another play of the same turn, the 5's extra card (isExtraPlay);
   * in a Basic game the one round is the game, so its end says who wins the game and nothing about points.
   */
  function logText(
    e: LogEntry,
    names: string[],
    ctx: { me?: number | null; extra?: boolean; basic?: boolean } = {},
  ): string {
    const n = (seat: number): string => names[seat] ?? `#${seat + 1}`;
    const you = 'seat' in e && e.seat === ctx.me;
    const k = (key: string): string => (you ? `log.you.${key}` : `log.${key}`);
    switch (e.kind) {
      case 'deal':
        return e.first === ctx.me
          ? t('log.you.deal', { round: e.round })
          : t('log.deal', { round: e.round, name: n(e.first) });
      case 'turn':
        return you ? t('log.you.turn', { n: e.turn }) : t('log.turn', { n: e.turn, name: n(e.seat) });
      case 'play':
        return t(k(ctx.extra ? 'playFive' : 'play'), { name: n(e.seat), card: cardName(e.card) });
      case 'discard':
        return t(k('discard'), {
          name: n(e.seat),
          card: cardName(e.card),
          rule: ruleName(cardColor(e.card)),
        });
      case 'draw': {
        const why = t(e.cause === 'three' ? 'log.causeThree' : 'log.causeAdvanced');
        return e.card
          ? t(k('drawCard'), { name: n(e.seat), card: cardName(e.card), why })
          : t('log.drawHidden', { name: n(e.seat), why });
      }
      case 'noDraw':
        return t(k('noDraw'), { name: n(e.seat) });
      case 'seven':
        return e.to === 'canvas'
          ? t(k('sevenCanvas'), {
              name: n(e.seat),
              card: cardName(e.card),
              rule: ruleName(cardColor(e.card)),
            })
          : t(k('sevenDeck'), { name: n(e.seat), card: cardName(e.card) });
      case 'one':
        if (!you && e.target === ctx.me)
          return t('log.oneFromYou', { name: n(e.seat), card: cardName(e.card) });
        return t(k('one'), { name: n(e.seat), target: n(e.target), card: cardName(e.card) });
      case 'actionSkipped':
        return t(k('actionSkipped'), { name: n(e.seat), card: cardName(e.card) });
      case 'out':
        return t(k(`out.${e.reason}`), { name: n(e.seat) });
      case 'roundWon':
        if (ctx.basic) return t(k('gameWonBasic'), { name: n(e.seat), rule: ruleName(e.rule) });
        return t(k('roundWon'), {
          name: n(e.seat),
          round: e.round,
          rule: ruleName(e.rule),
          points: e.points,
          cards: e.scored.length ? cardList(e.scored) : '—',
        });
      case 'gameOver':
        return gameWinnersText(e.winners, names, ctx.me ?? null);
    }
  }

  /** "You win the game!", "Ada wins the game!", "You share the win with Bo!", "Ada, Bo share the win!" */
  function gameWinnersText(winners: number[], names: string[], me: number | null): string {
    const n = (seat: number): string => names[seat] ?? `#${seat + 1}`;
    if (me !== null && winners.includes(me)) {
      const others = winners.filter((s) => s !== me);
      return others.length
        ? t('summary.youShareWin', { names: others.map(n).join(', ') })
        : t('summary.youWinGame');
    }
    return t('summary.gameWinners', { names: winners.map(n).join(', ') }, winners.length);
  }

  /** The round's winner in one line, "You win the round!" for yourself. */
  function roundWinnerText(seat: number, names: string[], me: number | null): string {
    return seat === me ? t('summary.youWin') : t('summary.wins', { name: names[seat] ?? `#${seat + 1}` });
  }

  return {
    t,
    colorName,
    cardName,
    cardList,
    ruleName,
    ruleShort,
    reasonText,
    logText,
    gameWinnersText,
    roundWinnerText,
  };
}
