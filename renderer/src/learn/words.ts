import { cardValue, explainLead, previewDiscard, previewPlay } from '../../../shared/engine';
import type { SeatView } from '../../../shared/engine/types';
import { useExplainText } from '../table-models/explainText';
import type { Say, SayParam } from './lesson';
import { ME } from './run';

/**
 * A step's paragraphs in the player's language. The previews and the lead are put in the words the table
 * itself uses for them (`preview.*`, `lead.*`), from the engine's own answers for the position shown.
 */
export function useLessonWords() {
  const x = useExplainText();
  const { t, cardName, ruleName, orList } = x;

  const param = (p: SayParam): string | number =>
    typeof p === 'object' ? ('card' in p ? cardName(p.card) : ruleName(p.rule)) : p;

  function playWords(view: SeatView, card: Parameters<typeof previewPlay>[1]): string {
    const p = previewPlay(view, card);
    if (!p) return '';
    const name = cardName(card);
    const parts = [t(p.leads ? 'preview.playLeads' : 'preview.playBehind', { card: name })];
    if (!p.leads) {
      if (p.rescues.length === 1) parts.push(t('preview.rescue', { cards: cardName(p.rescues[0]) }));
      else if (p.rescues.length > 1)
        parts.push(t('preview.rescueAny', { cards: orList(p.rescues.map(cardName)) }));
      else parts.push(p.keepsIn ? t('preview.actionRescue') : t('preview.noRescue'));
    }
    return parts.join(' ');
  }

  function discardWords(view: SeatView, card: Parameters<typeof previewDiscard>[1]): string {
    const p = previewDiscard(view, card);
    if (!p) return '';
    const params = { card: cardName(card), rule: ruleName(p.rule) };
    const parts = [t(p.leads ? 'preview.discardLeads' : 'preview.discardBehind', params)];
    if (p.leads && p.draw === 'offer') parts.push(t('preview.drawOffer', { value: cardValue(card) }));
    return parts.join(' ');
  }

  /** One paragraph; `names` are the table's (the bot's name goes into `{bot}`). */
  function sayText(say: Say, view: SeatView, names: string[]): string {
    if ('previewPlay' in say) return playWords(view, say.previewPlay);
    if ('previewDiscard' in say) return discardWords(view, say.previewDiscard);
    if ('leader' in say) return x.leadText(explainLead(view), names, ME, view.current);
    const params = Object.fromEntries(Object.entries(say.params ?? {}).map(([k, p]) => [k, param(p)]));
    return t(say.key, { bot: names[1] ?? '', ...params });
  }

  return { ...x, sayText };
}
