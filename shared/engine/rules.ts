import { cardColor, cardValue, compareCards, sortCards } from './cards';
import type { CardId, Rule } from './types';

/** Larger is better: compare size first, then the best card. */
export type Standing = readonly [size: number, bestRank: number];

/** Picks the best of several candidate groups: the largest, then the one holding the highest card. */
function bestGroup(groups: Iterable<CardId[]>): CardId[] {
  let best: CardId[] = [];
  for (const group of groups) {
    // Groups are built from cards sorted strongest first, so group[0] is each group's highest card.
    if (
      group.length > best.length ||
      (group.length === best.length && group.length > 0 && beats(group[0], best[0]))
    )
      best = group;
  }
  return best;
}

const beats = (a: CardId, b: CardId): boolean => compareCards(a, b) > 0;

function groupBy(cards: CardId[], key: (card: CardId) => string | number): CardId[][] {
  const groups = new Map<string | number, CardId[]>();
  for (const card of cards) {
    const k = key(card);
    const group = groups.get(k);
    if (group) group.push(card);
    else groups.set(k, [card]);
  }
  return [...groups.values()];
}

/** The first (hence highest, in a strongest-first list) card of each value. */
function highestPerValue(cards: CardId[]): CardId[] {
  return groupBy(cards, cardValue).map((group) => group[0]);
}

/** Runs of consecutive values, one card per value, each run strongest first. */
function runs(cards: CardId[]): CardId[][] {
  const result: CardId[][] = [];
  for (const card of highestPerValue(cards)) {
    const run = result.at(-1);
    if (run && cardValue(run.at(-1)!) === cardValue(card) + 1) run.push(card);
    else result.push([card]);
  }
  return result;
}

/**
 * Q(P, R): the best subset of the palette that satisfies the rule, strongest card first.
 * Empty only when no card of the palette satisfies the rule (Green, Violet) or the palette is empty.
 */
export function countingSet(palette: readonly CardId[], rule: Rule): CardId[] {
  const cards = sortCards(palette);
  switch (rule) {
    case 'R':
      return cards.slice(0, 1);
    case 'O':
      return bestGroup(groupBy(cards, cardValue));
    case 'Y':
      return bestGroup(groupBy(cards, cardColor));
    case 'G':
      return cards.filter((card) => cardValue(card) % 2 === 0);
    case 'B':
      return groupBy(cards, cardColor).map((group) => group[0]);
    case 'I':
      return bestGroup(runs(cards));
    case 'V':
      return cards.filter((card) => cardValue(card) < 4);
  }
}
