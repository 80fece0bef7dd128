/*
 * Korean particles after an interpolated word. Korean messages write the two forms of a particle
 * the usual way, "{name}이(가)", and this step picks the one that fits the word before it: 이 after
 * a final consonant (batchim), 가 after a vowel. The choice follows how the word is read aloud.
 *
 * - Hangul: from the syllable itself.
 * - Digits: Sino-Korean reading of the last digit (4 사 → 가, 6 육 → 이, 7 칠 → 이, with ㄹ).
 * - Latin names: an approximation of the English ending (Tom, Bill, Ann, Bob, Pat → batchim; Ada, Bo,
 *   Max, Mark → none).
 * - Emoji, symbols, brackets and spaces after the name are not read aloud: the ending is read from the
 *   last letter or digit before them ("Bob 🎲🃏" ends like "Bob").
 * - A name that ends in another script (Chinese, Arabic, …) or in symbols only: the particle cannot be
 *   chosen from its sound, so the polite 님 goes after the name (as Korean apps address users) and the
 *   particle follows 님 ("🎲님이", "王明님을"), instead of the clumsy "이(가)".
 */

/** The final consonant of the word ending at `text[end - 1]`: 'none', 'rieul' (ㄹ), 'other', or null (unknown). */
type Final = 'none' | 'rieul' | 'other';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const RIEUL_JONG = 8;

/** 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구. */
const DIGIT_FINAL: readonly Final[] = [
  'other',
  'rieul',
  'none',
  'other',
  'none',
  'none',
  'other',
  'rieul',
  'rieul',
  'none',
];

function latinFinal(word: string): Final {
  const w = word.toLowerCase();
  if (/(ng|[mn]e?)$/.test(w)) return 'other';
  if (/(l|ll|le)$/.test(w)) return 'rieul';
  // A stop after a short vowel is written as batchim: Bob 밥, Pat 팻, Jack 잭 (Mark 마크, Kate 케이트: none).
  if (/[aeiou](ck|[bpt])$/.test(w)) return 'other';
  return 'none';
}

/** Not read aloud: emoji (and their joiners and variation selectors), symbols, punctuation, spaces. */
const SILENT =
  /(?:[\p{Extended_Pictographic}\p{S}\p{P}\p{Z}]|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3)+$/u;

function finalOf(text: string): Final | null {
  const before = text.replace(SILENT, '');
  const ch = before.at(-1);
  if (!ch) return null;
  const code = ch.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const jong = (code - HANGUL_FIRST) % 28;
    return jong === 0 ? 'none' : jong === RIEUL_JONG ? 'rieul' : 'other';
  }
  if (/[0-9]/.test(ch)) return DIGIT_FINAL[Number(ch)];
  const latin = /[A-Za-z]+$/.exec(before);
  return latin ? latinFinal(latin[0]) : null;
}

/** Written form → [after a final consonant, after a vowel]; (으)로 is 로 after ㄹ too. */
const PARTICLES: readonly { form: string; consonant: string; vowel: string }[] = [
  { form: '이(가)', consonant: '이', vowel: '가' },
  { form: '을(를)', consonant: '을', vowel: '를' },
  { form: '은(는)', consonant: '은', vowel: '는' },
  { form: '과(와)', consonant: '과', vowel: '와' },
  { form: '(이)에요', consonant: '이에요', vowel: '예요' },
  { form: '(으)로', consonant: '으로', vowel: '로' },
];

const PATTERN = new RegExp(PARTICLES.map((p) => p.form.replace(/[()]/g, '\\$&')).join('|'), 'g');

/** Resolves every two-form particle in a translated Korean string. Text without one comes back unchanged. */
export function resolveParticles(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(PATTERN, (form, offset: number) => {
    const particle = PARTICLES.find((p) => p.form === form)!;
    const before = text.slice(Math.max(0, offset - 48), offset);
    let final = finalOf(before);
    // Nothing to read the ending from, right after a word (not at the start, not after a space): 님 (ㅁ).
    const honorific = final === null && before !== '' && !/\s$/u.test(before);
    if (honorific) final = 'other';
    const pick =
      final === null
        ? form
        : particle.form === '(으)로'
          ? final === 'other'
            ? '으로'
            : '로'
          : final === 'none'
            ? particle.vowel
            : particle.consonant;
    return honorific ? `님${pick}` : pick;
  });
}
