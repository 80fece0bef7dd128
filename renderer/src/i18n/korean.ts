/*
 * Korean particles after an interpolated word. Korean messages write the two forms of a particle
 * the usual way, "{name}이(가)", and this step picks the one that fits the word before it: 이 after
 * a final consonant (batchim), 가 after a vowel. The choice follows how the word is read aloud.
 *
 * - Hangul: from the syllable itself.
 * - Digits: Sino-Korean reading of the last digit (4 사 → 가, 6 육 → 이, 7 칠 → 이, with ㄹ).
 * - Latin names: an approximation of the English ending (Tom, Bill, Ann → batchim; Ada, Bo, Max → none).
 * - Anything else (an emoji, a bracket): the two forms stay, which Korean readers know as "either".
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
  return 'none';
}

function finalOf(before: string): Final | null {
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
    const final = finalOf(text.slice(Math.max(0, offset - 24), offset));
    if (final === null) return form;
    if (particle.form === '(으)로') return final === 'other' ? '으로' : '로';
    return final === 'none' ? particle.vowel : particle.consonant;
  });
}
