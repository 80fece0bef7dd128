import type { LeadExplanation, OutEvent, SeatStanding } from '../../../shared/engine';
import { cardColor } from '../../../shared/engine';
import type { CardId, Move } from '../../../shared/engine/types';
import { useI18n } from 'vue-i18n';
import { useGameText } from './text';

/** At most this many ways are spelled out; the rest are counted. */
const MAX_WAYS = 3;

const capitalize = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/*
 * Words for the engine's explanations. The engine decides (who leads, why, what keeps you in); this
 * module only turns its codes and parameters into sentences, "you" for the player's own seat.
 */
export function useExplainText() {
  const g = useGameText();
  const { t, cardName, colorName, ruleName } = g;
  const { locale } = useI18n();

  /** "A, B or C" in the current language. */
  const orList = (items: string[]): string =>
    new Intl.ListFormat(locale.value, { type: 'disjunction' }).format(items);

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

  /** One step of a turn: "playing Red 4", "moving Orange 3 to the canvas", … */
  function stepText(move: Move, names: string[]): string {
    switch (move.type) {
      case 'play':
        return t('step.play', { card: cardName(move.card) });
      case 'discard':
        return t('step.discard', { card: cardName(move.card) });
      case 'seven':
        return t(move.to === 'canvas' ? 'step.sevenCanvas' : 'step.sevenDeck', { card: cardName(move.card) });
      case 'one':
        return t('step.one', { card: cardName(move.card), name: names[move.seat] ?? `#${move.seat + 1}` });
      default:
        return '';
    }
  }

  /**
   * The complete turns that would have kept you in, as sentences: "Playing Red 4, then discarding
   * Green 1, would have kept you in." Turns that differ only in their final discard are told once,
   * "discarding any one of …". "No move could have kept you in." when there are none.
   */
  function keeperLines(keepers: Move[][], names: string[]): string[] {
    if (keepers.length === 0) return [t('out.none')];
    const groups = new Map<string, { steps: Move[]; discards: CardId[] }>();
    for (const turn of keepers) {
      const last = turn[turn.length - 1];
      const discard = turn.length > 1 && last.type === 'discard' ? last.card : null;
      const steps = discard ? turn.slice(0, -1) : turn;
      const key = JSON.stringify(steps) + (discard ? '+d' : '');
      const group = groups.get(key) ?? { steps, discards: [] };
      if (discard) group.discards.push(discard);
      groups.set(key, group);
    }
    const lines = [...groups.values()].slice(0, MAX_WAYS).map(({ steps, discards }) => {
      // `end` (and anything else without words) is no step of its own: it must not leave an empty one.
      const parts = steps.map((m) => stepText(m, names)).filter((words) => words !== '');
      if (discards.length === 1) parts.push(t('step.discard', { card: cardName(discards[0]) }));
      if (discards.length > 1) parts.push(t('step.discardAny', { cards: orList(discards.map(cardName)) }));
      const key = parts.length > 1 ? 'out.keepSteps' : 'out.keep';
      return capitalize(t(key, { steps: parts.join(t('step.then')) }));
    });
    const more = groups.size - MAX_WAYS;
    if (more > 0) lines.push(t('out.more', { n: more }, more));
    return lines;
  }

  /** Why a seat went out, short: "did not lead under Red", "passed", "no cards left". */
  function outReasonText(e: OutEvent): string {
    return t(`outReason.${e.reason}`, { rule: ruleName(e.rule) });
  }

  return { ...g, orList, standingText, leadText, stepText, keeperLines, outReasonText };
}
