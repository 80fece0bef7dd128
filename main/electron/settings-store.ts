/**
 * The user's settings, one JSON file in userData. Values are validated on the way in (a bad
 * value is refused with a reason and nothing is written) and on the way back from disk (a
 * damaged file is kept aside as `<file>.bad` and the defaults are used).
 */
import * as v from 'valibot';
import { copyFile, readFile } from 'node:fs/promises';
import type { SettingKey, Settings } from '../../shared/desktop-api';
import { tidyQuoted } from '../../shared/protocol';
import { writeFileAtomic } from '../common/atomic-write';

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  playerName: '',
  locale: 'auto',
  hostName: '',
  hostPort: 47470,
};

const SETTING_SCHEMAS: { [K in SettingKey]: v.GenericSchema<unknown, Settings[K]> } = {
  playerName: v.pipe(
    v.string('must be text'),
    v.trim(),
    v.maxLength(24, 'must be at most 24 characters'),
    v.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  ),
  locale: v.picklist(['auto', 'en', 'it', 'ko'], 'must be one of auto, en, it, ko'),
  hostName: v.pipe(
    v.string('must be text'),
    v.trim(),
    v.maxLength(40, 'must be at most 40 characters'),
    v.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  ),
  hostPort: v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1024, 'must be between 1024 and 65535'),
    v.maxValue(65535, 'must be between 1024 and 65535'),
  ),
};

export function isSettingKey(key: unknown): key is SettingKey {
  return typeof key === 'string' && Object.hasOwn(SETTING_SCHEMAS, key);
}

/** The key comes from the renderer: quoted tidied, like every reason that quotes what was received. */
const unknownSetting = (key: unknown) => new Error(`unknown setting "${tidyQuoted(String(key), 40)}"`);

/** The validated value, or an Error that names the setting and the reason. */
export function parseSetting<K extends SettingKey>(key: K, value: unknown): Settings[K] {
  if (!isSettingKey(key)) throw unknownSetting(key);
  const result = v.safeParse(SETTING_SCHEMAS[key], value);
  if (!result.success) throw new Error(`setting ${key} ${result.issues[0].message}`);
  return result.output as Settings[K];
}

export interface SettingsStore {
  get<K extends SettingKey>(key: K): Settings[K];
  set<K extends SettingKey>(key: K, value: unknown): Promise<void>;
  all(): Settings;
}

export async function openSettingsStore(
  file: string,
  log: (message: string) => void = (message) => console.warn(message),
): Promise<SettingsStore> {
  const current: Settings = { ...DEFAULT_SETTINGS };
  const damaged = await loadInto(current, file);
  if (damaged) {
    await copyFile(file, `${file}.bad`).catch(() => undefined);
    log(`settings: ${file} was damaged (${damaged}); kept as ${file}.bad, using defaults where needed`);
  }
  // Writes are chained so two quick `set`s land in order.
  let writing: Promise<void> = Promise.resolve();
  return {
    get(key) {
      if (!isSettingKey(key)) throw unknownSetting(key);
      return current[key];
    },
    set(key, value) {
      let parsed: Settings[typeof key];
      try {
        parsed = parseSetting(key, value);
      } catch (error) {
        return Promise.reject(error);
      }
      const write = writing.then(async () => {
        const next = { ...current, [key]: parsed };
        await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`, { makeFolder: true });
        current[key] = parsed;
      });
      writing = write.catch(() => undefined);
      return write;
    },
    all: () => ({ ...current }),
  };
}

/** Fills `into` from the file; returns why the file is damaged, or null when it is fine or absent. */
async function loadInto(into: Settings, file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : String(error);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object';
  const problems: string[] = [];
  for (const key of Object.keys(SETTING_SCHEMAS) as SettingKey[]) {
    if (!Object.hasOwn(data, key)) continue;
    try {
      (into as unknown as Record<string, unknown>)[key] = parseSetting(
        key,
        (data as Record<string, unknown>)[key],
      );
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems.length ? problems.join('; ') : null;
}
