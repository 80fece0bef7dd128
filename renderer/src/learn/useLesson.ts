import { computed, effectScope, onBeforeUnmount, ref, shallowRef, watch, type EffectScope } from 'vue';
import { applyMove, sameMove, stageTurn } from '../../../shared/engine';
import type { GameState, Move, SeatView } from '../../../shared/engine/types';
import { createTurn } from '../table-models/turn';
import type { Chapter, MoveStep, Say, Step, Target } from './lesson';
import {
  ME,
  applyAll,
  botMove,
  botsToEnd,
  firstWrong,
  fitOf,
  myView,
  restOfTurn,
  sceneStart,
  skipTurn,
  turnOver,
} from './run';

/** A wrong step and what the coach says of it, at the position it was taken from. */
export interface Mistake {
  say: Say[];
  view: SeatView;
  /** The step it was (null: a whole turn that ends out of the lead). */
  move: Move | null;
}

export interface LessonHooks {
  /** How long each bot move stays on screen before the next (the pace chosen in the chapter list). */
  botPaceMs(): number;
  /** A scene was reached (the chapter's progress remembers it). */
  reached(scene: number): void;
  /** The chapter's last step is behind the player. */
  finished(): void;
}

/**
 * One chapter being played: its scenes one after another, each from its planted position; the table's
 * turn model (the real one) on the local engine state; the step the guide is at; what a wrong step was
 * and how to take it back; the bots' turns, run in the page at a person's pace.
 */
export function useLesson(chapter: Chapter, startScene: number, hooks: LessonHooks) {
  const sceneIndex = ref(Math.min(startScene, chapter.scenes.length - 1));
  const stepIndex = ref(0);
  const game = shallowRef<GameState>(sceneStart(chapter.scenes[sceneIndex.value]));
  /** The player's moves already applied in this move step (a draw goes at once, the turn goes on). */
  const applied = ref<Move[]>([]);
  const mistake = shallowRef<Mistake | null>(null);
  const botsRunning = ref(false);
  const done = ref(false);
  let botTimer: ReturnType<typeof setTimeout> | null = null;

  const scene = computed(() => chapter.scenes[sceneIndex.value]);
  const step = computed<Step | null>(() =>
    done.value ? null : (scene.value.steps[stepIndex.value] ?? null),
  );
  const moveStep = computed<MoveStep | null>(() => (step.value?.wait === 'turn' ? step.value : null));
  const view = computed(() => myView(game.value));
  const stepCount = computed(() => chapter.scenes.reduce((n, s) => n + s.steps.length, 0));
  /** 1-based, across the chapter's scenes. */
  const stepNumber = computed(
    () =>
      chapter.scenes.slice(0, sceneIndex.value).reduce((n, s) => n + s.steps.length, 0) + stepIndex.value + 1,
  );

  /**
   * The table's turn model, one per scene: its staging is keyed by the position, and every scene's planted
   * position starts alike (round 1, no moves), so a turn staged in one scene must not show in the next.
   */
  const newTurn = () =>
    createTurn(() => view.value, {
      send,
      // The table takes a move only when the guide asks for one, and not while a mistake is shown.
      busy: () => !moveStep.value || botsRunning.value || mistake.value !== null,
      suggestion: () => null,
    });
  let scope: EffectScope = effectScope(true);
  const turnRef = shallowRef(scope.run(newTurn)!);
  function freshTurn(): void {
    scope.stop();
    scope = effectScope(true);
    turnRef.value = scope.run(newTurn)!;
  }

  /** The player's turn so far: applied, then staged on screen. */
  const soFar = computed<Move[]>(() => [...applied.value, ...turnRef.value.steps]);

  // A staged step that leaves every taught turn: explained at once, before it could be confirmed.
  watch(
    () => turnRef.value.steps.length,
    () => {
      const ms = moveStep.value;
      if (!ms || mistake.value) return;
      const wrong = firstWrong(ms, soFar.value);
      if (wrong) mistake.value = explain(ms, wrong.move, soFar.value.slice(0, wrong.index));
    },
  );

  function explain(ms: MoveStep, move: Move, before: Move[]): Mistake {
    const from = stageTurn(myView(game.value), before.slice(applied.value.length)).view;
    const told = ms.wrong?.find((w) => sameMove(w.move, move));
    if (told) return { say: [...told.say, { key: 'learn.wrong.again' }], view: from, move };
    const again: Say = { key: 'learn.wrong.again' };
    if (move.type === 'play' || move.type === 'discard') {
      const preview: Say = move.type === 'play' ? { previewPlay: move.card } : { previewDiscard: move.card };
      const leads = stageTurn(from, [move]).view.leader === ME;
      return {
        say: leads
          ? [preview, { key: 'learn.wrong.spare' }, again]
          : [{ key: 'learn.wrong.notThis' }, preview, again],
        view: from,
        move,
      };
    }
    if (move.type === 'pass') return { say: [{ key: 'learn.wrong.pass' }, again], view: from, move };
    return { say: [{ key: 'learn.wrong.notThis' }, again], view: from, move };
  }

  /** The turn model hands over steps (a confirmed turn, the part up to a draw, a pass). */
  function send(steps: Move[]): void {
    const ms = moveStep.value;
    if (!ms || mistake.value) return;
    const all = [...applied.value, ...steps];
    const fit = fitOf(ms, all);
    if (fit === 'wrong') {
      const wrong = firstWrong(ms, all)!;
      mistake.value = explain(ms, wrong.move, all.slice(0, wrong.index));
      return;
    }
    const before = game.value;
    let after: GameState;
    try {
      after = applyAll(before, steps);
    } catch {
      return; // the table allows only legal steps; nothing else is taken
    }
    const over = turnOver(before, after);
    // Confirmed out of the lead (the table asked first): not what any lesson teaches.
    if (over && after.out[ME] && !all.some((m) => m.type === 'pass')) {
      mistake.value = {
        say: [{ key: 'learn.wrong.out' }, { key: 'learn.wrong.again' }],
        view: myView(before),
        move: null,
      };
      return;
    }
    game.value = after;
    applied.value = all.filter((m) => m.type !== 'end');
    if (over) advance();
  }

  /** Takes the staged steps back to the last one that fits (the position before the mistake). */
  function tryAgain(): void {
    mistake.value = null;
    const ms = moveStep.value;
    const turn = turnRef.value;
    for (let guard = 0; guard < 10 && turn.steps.length > 0; guard++) {
      if (ms && !firstWrong(ms, soFar.value)) break;
      turn.undo();
    }
    turn.clear();
  }

  function stopBots(): void {
    if (botTimer) clearTimeout(botTimer);
    botTimer = null;
    botsRunning.value = false;
  }

  function runBots(): void {
    botsRunning.value = true;
    const tick = (): void => {
      const m = botMove(game.value);
      if (!m) {
        stopBots();
        advance();
        return;
      }
      game.value = applyMove(game.value, m);
      botTimer = setTimeout(tick, hooks.botPaceMs());
    };
    botTimer = setTimeout(tick, hooks.botPaceMs());
  }

  /** On to the next step (the next scene's first, or the chapter's end). */
  function advance(): void {
    mistake.value = null;
    applied.value = [];
    turnRef.value.clear();
    if (stepIndex.value + 1 < scene.value.steps.length) stepIndex.value += 1;
    else if (sceneIndex.value + 1 < chapter.scenes.length) {
      sceneIndex.value += 1;
      stepIndex.value = 0;
      game.value = sceneStart(scene.value);
      freshTurn();
      hooks.reached(sceneIndex.value);
    } else {
      done.value = true;
      hooks.finished();
      return;
    }
    if (step.value?.wait === 'bots') runBots();
  }

  /** Skip: a move step is played for the player, the bots' turns are played at once, words are passed. */
  function skipStep(): void {
    const s = step.value;
    if (!s) return;
    if (s.wait === 'turn') {
      game.value = skipTurn(game.value, s, applied.value);
    } else if (s.wait === 'bots') {
      stopBots();
      game.value = botsToEnd(game.value);
    }
    advance();
  }

  /** Next, on a step of words. */
  function next(): void {
    if (step.value?.wait === 'next') advance();
  }

  /** What the guide points at now: the step's own target, or, for a move, the next thing to press. */
  const target = computed<Target | null>(() => {
    const s = step.value;
    if (!s) return { part: 'status' };
    if (s.wait !== 'turn') return 'point' in s ? (s.point ?? null) : null;
    const turn = turnRef.value;
    // A mistake: the card it put on the table (the callout's Try again takes it back).
    const wrong = mistake.value;
    if (wrong) {
      if (wrong.move?.type === 'play') return { palette: ME, card: wrong.move.card };
      if (wrong.move?.type === 'discard') return { part: 'canvas' };
      return null;
    }
    const rest = restOfTurn(s, soFar.value);
    const nextMove = fitOf(s, soFar.value) === 'wrong' ? undefined : rest[0];
    if (!nextMove) {
      const pending = turn.pending;
      if (pending === 'seven') return turn.sevenCard ? { button: 'seven-canvas' } : { palette: ME };
      if (pending === 'one') return { palette: 1 };
      if (pending === 'five') return { part: 'hand' };
      if (pending === 'draw') return { button: 'draw' };
      return { button: 'confirm-turn' };
    }
    switch (nextMove.type) {
      case 'play':
      case 'discard':
        return turn.selected === nextMove.card ? { button: nextMove.type } : { hand: nextMove.card };
      case 'pass':
        return { button: 'pass' };
      case 'draw':
        return { button: 'draw' };
      case 'noDraw':
        return { button: 'no-draw' };
      case 'seven':
        return turn.sevenCard === nextMove.card
          ? { button: nextMove.to === 'canvas' ? 'seven-canvas' : 'seven-deck' }
          : { palette: ME, card: nextMove.card };
      case 'one':
        return { palette: nextMove.seat, card: nextMove.card };
      default:
        return { button: 'confirm-turn' };
    }
  });

  onBeforeUnmount(() => {
    stopBots();
    scope.stop();
  });
  hooks.reached(sceneIndex.value);
  if (step.value?.wait === 'bots') runBots();

  return {
    turn: turnRef,
    game,
    view,
    scene,
    sceneIndex,
    step,
    stepIndex,
    stepNumber,
    stepCount,
    mistake,
    botsRunning,
    done,
    target,
    next,
    skipStep,
    tryAgain,
  };
}
