import type { CardId } from './types';

/**
 * Why a move is not legal now, as a code and its parameters: the engine's one judgement, worded in
 * English for the host by `sentence` and in the players' languages by the renderer (i18n `why.<code>`).
 */
export type IllegalReason =
  | { code: 'spectator' | 'youAreOut' | 'notYourTurn' }
  | { code: 'gameOver' | 'roundOver' | 'roundInPlay' }
  | { code: 'decideDraw' | 'resolveSeven' | 'resolveOne' | 'resolveFive' }
  | { code: 'alreadyDiscarded' | 'alreadyPlayed' | 'turnOver' | 'nothingDone' }
  | { code: 'notInHand'; params: { card: CardId } }
  | { code: 'actionCannotLead'; params: { card: CardId; value: number } }
  | { code: 'wouldNotLead'; params: { card: CardId; rule: string } }
  | { code: 'noDrawOffered' | 'noSevenPending' | 'noOnePending' }
  | { code: 'notOtherPaletteCard'; params: { card: CardId } }
  | { code: 'sevenCanvasOnly' | 'sevenDestination' }
  | { code: 'sevenCanvas'; params: { card: CardId; rule: string } }
  | { code: 'oneTarget'; params: { rulesVersion: string } }
  | { code: 'notInPalette'; params: { card: CardId; seat: number } }
  | { code: 'unknownMove' };

/** The host's English sentence for a reason. */
export function sentence(reason: IllegalReason): string {
  switch (reason.code) {
    case 'spectator':
      return 'Spectators do not move.';
    case 'youAreOut':
      return 'You are out of this round.';
    case 'notYourTurn':
      return 'It is not your turn.';
    case 'gameOver':
      return 'The game is over.';
    case 'roundOver':
      return 'The round is over: the next round has to start first.';
    case 'roundInPlay':
      return 'The round is still being played.';
    case 'decideDraw':
      return 'First choose whether to draw a card.';
    case 'resolveSeven':
      return "First carry out the 7's action: choose one of your palette cards.";
    case 'resolveOne':
      return "First carry out the 1's action: choose a card from another player's palette.";
    case 'resolveFive':
      return "First carry out the 5's action: play another card to your palette.";
    case 'alreadyDiscarded':
      return 'You have already discarded this turn.';
    case 'alreadyPlayed':
      return 'You have already played a card this turn.';
    case 'turnOver':
      return 'Your turn is already over.';
    case 'nothingDone':
      return 'Play or discard a card first (or pass).';
    case 'notInHand':
      return `${reason.params.card} is not in your hand.`;
    case 'actionCannotLead':
      return `You may only play ${reason.params.card} if your turn can still end with you leading.`;
    case 'wouldNotLead':
      return `Discarding ${reason.params.card} would not leave you leading under its rule.`;
    case 'noDrawOffered':
      return 'No draw is on offer.';
    case 'noSevenPending':
      return 'No 7 action is pending.';
    case 'noOnePending':
      return 'No 1 action is pending.';
    case 'notOtherPaletteCard':
      return `${reason.params.card} is not another card of your palette.`;
    case 'sevenCanvasOnly':
      return 'Under rules v1.1 a 7 puts the card on the canvas only.';
    case 'sevenDestination':
      return 'A 7 puts the card on the canvas or on the deck.';
    case 'sevenCanvas':
      return `Putting ${reason.params.card} on the canvas would not leave you leading under its rule.`;
    case 'oneTarget':
      return reason.params.rulesVersion === '1.1'
        ? 'Choose another player still in the round whose palette has more than one card.'
        : 'Choose another player still in the round whose palette has at least as many cards as yours.';
    case 'notInPalette':
      return `${reason.params.card} is not in that player's palette.`;
    case 'unknownMove':
      return 'Unknown move.';
  }
}
