import { defineStore } from 'pinia';
import * as v from 'valibot';
import { computed, ref } from 'vue';
import { BOT_PACE_NAMES, type BotPace } from '../../../shared/protocol';
import { services } from '../services';
import { CHAPTER_IDS, type ChapterId } from './chapter-ids';

/** This device's progress through "Learn to play" (localStorage: it is the device's, like the card order). */
export const LEARN_KEY = 'red7.learn';
/** What this device keeps once it has named its player, sat at a table or hosted one: then it is no first start. */
const PLAYED_KEYS = ['red7.seats', 'red7.newTable', 'red7.setting.playerName'];

const ChapterIdSchema = v.picklist(CHAPTER_IDS);
const ProgressSchema = v.object({
  done: v.pipe(v.array(ChapterIdSchema), v.maxLength(CHAPTER_IDS.length)),
  /** The chapter left part way, and the scene to go on from. */
  current: v.nullable(
    v.object({
      chapter: ChapterIdSchema,
      scene: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9)),
    }),
  ),
  /** The lobby's first-start card was answered (started or dismissed): it is offered once. */
  offered: v.boolean(),
  /** How long each bot move stays on screen in the lessons, as a table's bot pace (kept since it was added). */
  pace: v.optional(v.picklist(BOT_PACE_NAMES), 'normal'),
});
export type LearnProgress = v.InferOutput<typeof ProgressSchema>;

const EMPTY: LearnProgress = { done: [], current: null, offered: false, pace: 'normal' };

/** What this device has stored, if it still reads as progress (damaged or older entries: none). */
export function readProgress(storage: Storage): { stored: boolean; progress: LearnProgress } {
  try {
    const raw = storage.getItem(LEARN_KEY);
    if (raw === null) return { stored: false, progress: { ...EMPTY } };
    const parsed = v.safeParse(ProgressSchema, JSON.parse(raw));
    return { stored: true, progress: parsed.success ? parsed.output : { ...EMPTY } };
  } catch {
    return { stored: false, progress: { ...EMPTY } };
  }
}

export const useLearnStore = defineStore('learn', () => {
  const local = (): Storage => services().local;
  const first = readProgress(local());
  const progress = ref<LearnProgress>(first.progress);
  /** Nothing on this device says it ever played or learned: the lobby offers the lessons (once). */
  const firstStart = ref(
    !first.stored &&
      PLAYED_KEYS.every((k) => {
        try {
          return local().getItem(k) === null;
        } catch {
          return true;
        }
      }),
  );

  function save(): void {
    try {
      local().setItem(LEARN_KEY, JSON.stringify(progress.value));
    } catch {
      // Storage full or refused: the progress lasts as long as the page.
    }
  }

  const done = computed(() => new Set(progress.value.done));
  const isDone = (id: ChapterId): boolean => done.value.has(id);
  /** The chapter left part way (null: none). */
  const current = computed(() => progress.value.current);
  const offerShown = computed(() => firstStart.value && !progress.value.offered);

  function markDone(id: ChapterId): void {
    const doneNow = CHAPTER_IDS.filter((c) => c === id || done.value.has(c));
    progress.value = {
      ...progress.value,
      done: doneNow,
      current: progress.value.current?.chapter === id ? null : progress.value.current,
    };
    save();
  }

  /** The player reached `scene` of `id`: a later visit goes on from there. */
  function reach(id: ChapterId, scene: number): void {
    progress.value = { ...progress.value, current: { chapter: id, scene } };
    save();
  }

  /** Where opening `id` starts: the saved scene when it was left part way, else its beginning. */
  function startScene(id: ChapterId): number {
    const c = progress.value.current;
    return c?.chapter === id ? c.scene : 0;
  }

  /** The lessons' bots move at this pace from now on (a player who wants longer to follow them, or less). */
  function setPace(pace: BotPace): void {
    progress.value = { ...progress.value, pace };
    save();
  }
  const pace = computed(() => progress.value.pace);

  /** The first-start card was answered. */
  function answerOffer(): void {
    progress.value = { ...progress.value, offered: true };
    save();
  }

  return {
    progress,
    firstStart,
    offerShown,
    current,
    pace,
    isDone,
    markDone,
    reach,
    startScene,
    setPace,
    answerOffer,
  };
});
