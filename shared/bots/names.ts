/**
 * The names a host gives bot seats, per language of the person who fills the seat. Short and friendly;
 * a seat shows that it is a bot by its icon and tag, not by its name. Kept in `shared/` because the host
 * picks them (the renderer never needs the lists).
 */
export const BOT_NAME_LANGUAGES = ['en', 'it', 'ko'] as const;
export type BotNameLanguage = (typeof BOT_NAME_LANGUAGES)[number];

export const BOT_NAMES: Readonly<Record<BotNameLanguage, readonly string[]>> = {
  en: [
    'Ada',
    'Bruno',
    'Cleo',
    'Dot',
    'Ezra',
    'Fern',
    'Gus',
    'Hazel',
    'Iggy',
    'Juno',
    'Kit',
    'Lou',
    'Milo',
    'Nell',
    'Otto',
    'Pip',
  ],
  it: [
    'Aldo',
    'Bice',
    'Carlo',
    'Dora',
    'Elio',
    'Fiore',
    'Gino',
    'Ines',
    'Lapo',
    'Mina',
    'Nino',
    'Olga',
    'Pia',
    'Rino',
    'Tea',
    'Ugo',
  ],
  ko: [
    '하나',
    '두리',
    '새봄',
    '다솜',
    '하늘',
    '별이',
    '나래',
    '초롱',
    '바다',
    '가람',
    '누리',
    '솔이',
    '미르',
    '한결',
    '아라',
    '다온',
  ],
};

/** A small stable hash (FNV-1a) so that a table's bots get the same names on every host run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The name for a new bot seat: deterministic (the same table id, seat and names seated give the same
 * name), spread over the list by `seed` (the table id) and `seat`, and never one of `taken` compared
 * without case, as the host compares people's names (`nameTaken`). Without a language the seat is named
 * by its number ("Bot 2"), as before bots had names. If every name of the list is taken (it has more
 * names than a table has seats, so only people's names can do it) the numbered name is the fallback; a
 * numbered name that is taken moves on to the next number.
 */
export function pickBotName(
  lang: BotNameLanguage | undefined,
  seat: number,
  seed: string,
  taken: readonly string[],
): string {
  const busy = new Set(taken.map((n) => n.toLowerCase()));
  const list = lang === undefined ? [] : BOT_NAMES[lang];
  const start = (hash(seed) + seat * 5) % Math.max(1, list.length);
  for (let i = 0; i < list.length; i++) {
    const name = list[(start + i) % list.length];
    if (!busy.has(name.toLowerCase())) return name;
  }
  for (let n = seat + 1; ; n++) {
    const name = `Bot ${n}`;
    if (!busy.has(name.toLowerCase())) return name;
  }
}
