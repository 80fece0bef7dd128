import { defineStore } from 'pinia';
import * as v from 'valibot';
import { computed, ref } from 'vue';
import { PLAYER_NAME_MAX, TableOptionsSchema, type TableOptions } from '../../../shared/protocol';
import type { Settings } from '../../../shared/desktop-api';
import { services } from '../services';
import { LOCALES, type Locale } from '../i18n/locales';
import { CARD_SORTS, type CardSort } from '../table-models/sorting';

const SORT_KEY = 'red7.cardSort';
const SOUND_KEY = 'red7.sound';
const HAND_HINTS_KEY = 'red7.handHints';

/** The device's card order: a layout habit of this screen, so it lives in this device's storage. */
function savedSort(): CardSort {
  try {
    const value = services().local.getItem(SORT_KEY);
    return (CARD_SORTS as readonly (string | null)[]).includes(value) ? (value as CardSort) : 'none';
  } catch {
    return 'none';
  }
}

/** The turn sound, on unless this device turned it off. */
function savedSound(): boolean {
  try {
    return services().local.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The hints under the hand's cards (how each keeps you in), on unless this device turned them off. */
function savedHandHints(): boolean {
  try {
    return services().local.getItem(HAND_HINTS_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The options of the last table created on this device, offered again by the new-table form. */
export interface NewTableChoice {
  options: TableOptions;
  /** Seats given to bots. */
  bots: number[];
  /** The new-table form's kind of table: First game, or every option chosen (older entries: custom). */
  preset?: 'first' | 'custom';
}

const NEW_TABLE_KEY = 'red7.newTable';
const NewTableChoiceSchema = v.object({
  options: TableOptionsSchema,
  bots: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3))), v.maxLength(3)),
  preset: v.optional(v.picklist(['first', 'custom'])),
});

/** What this device remembers, if it still reads as a choice (an older or damaged entry is ignored). */
function readNewTable(): NewTableChoice | null {
  try {
    const stored = services().local.getItem(NEW_TABLE_KEY);
    const parsed = v.safeParse(NewTableChoiceSchema, JSON.parse(stored ?? 'null'));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * The player's own choices (name, language), kept by the bridge: the app's settings or localStorage; and
 * the last new table's options, kept on this device (localStorage).
 */
export const useSettingsStore = defineStore('settings', () => {
  const playerName = ref('');
  const locale = ref<Settings['locale']>('auto');
  const systemLocale = ref(typeof navigator === 'undefined' ? 'en' : navigator.language);
  const loaded = ref(false);
  const newTable = ref<NewTableChoice | null>(readNewTable());
  const cardSort = ref<CardSort>(savedSort());
  const sound = ref(savedSound());
  const handHints = ref(savedHandHints());

  const effectiveLocale = computed<Locale>(() => {
    if (locale.value !== 'auto') return locale.value;
    const lang = systemLocale.value.toLowerCase().split(/[-_]/)[0];
    return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'en';
  });

  async function load(): Promise<void> {
    const api = services().bridge.api;
    const [name, loc] = await Promise.all([
      api.settings.get('playerName').catch(() => ''),
      api.settings.get('locale').catch(() => 'auto' as const),
    ]);
    playerName.value = name;
    locale.value = loc;
    if (services().bridge.kind === 'desktop') {
      systemLocale.value = await api.app.info().then(
        (i) => i.locale,
        () => systemLocale.value,
      );
    }
    loaded.value = true;
  }

  /** Trims and bounds the name as the host will; returns what was stored. */
  async function setPlayerName(name: string): Promise<string> {
    const clean = name
      .replace(/\p{Cc}|\p{Cf}/gu, '')
      .trim()
      .slice(0, PLAYER_NAME_MAX);
    playerName.value = clean;
    await services().bridge.api.settings.set('playerName', clean);
    return clean;
  }

  async function setLocale(value: Settings['locale']): Promise<void> {
    locale.value = value;
    await services().bridge.api.settings.set('locale', value);
  }

  function rememberNewTable(choice: NewTableChoice): void {
    newTable.value = choice;
    try {
      services().local.setItem(NEW_TABLE_KEY, JSON.stringify(choice));
    } catch {
      // A full or blocked storage only means the form starts from the defaults next time.
    }
  }

  function setCardSort(value: CardSort): void {
    cardSort.value = value;
    try {
      services().local.setItem(SORT_KEY, value);
    } catch {
      // Storage full or refused: the order still applies until the page closes.
    }
  }

  /** The turn sound: a habit of this device (a phone on silent, a laptop in a quiet room). */
  function setSound(on: boolean): void {
    sound.value = on;
    try {
      services().local.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Storage refused: the choice holds until the page closes.
    }
  }

  /** The keep marks under the hand's cards: a player who knows the game may want the cards bare. */
  function setHandHints(on: boolean): void {
    handHints.value = on;
    try {
      services().local.setItem(HAND_HINTS_KEY, on ? 'on' : 'off');
    } catch {
      // Storage refused: the choice holds until the page closes.
    }
  }

  return {
    playerName,
    locale,
    systemLocale,
    loaded,
    effectiveLocale,
    newTable,
    cardSort,
    sound,
    handHints,
    load,
    setPlayerName,
    setLocale,
    setCardSort,
    rememberNewTable,
    setSound,
    setHandHints,
  };
});
