import { describe, expect, it } from 'vitest';
import { resolveParticles } from '../../renderer/src/i18n/korean';
import { i18nWithAllLocales } from './mount';

/** Names of any shape in Korean sentences: the particle reads naturally whatever the name ends with. */
describe('Korean particles after names of any shape', () => {
  it('read past emoji, symbols and spaces to the last letter or digit', () => {
    expect(resolveParticles('Bob 🎲🃏이(가) 이겼습니다')).toBe('Bob 🎲🃏이 이겼습니다');
    expect(resolveParticles('Ada 🎲을(를)')).toBe('Ada 🎲를');
    expect(resolveParticles('민준!!은(는)')).toBe('민준!!은');
    expect(resolveParticles('봇 2 👍이(가)')).toBe('봇 2 👍가');
    expect(resolveParticles('👨‍👩‍👧 지우과(와)')).toBe('👨‍👩‍👧 지우와');
  });

  it('a stop after a short vowel is batchim in a Latin name; a silent e or a cluster is not', () => {
    expect(resolveParticles('Bob이(가) Pat을(를) Jack은(는) Mark이(가) Kate을(를)')).toBe(
      'Bob이 Pat을 Jack은 Mark가 Kate를',
    );
  });

  it('a name that ends in no readable sound takes 님, and the particle fits 님', () => {
    expect(resolveParticles('🎲🃏이(가) 이겼습니다')).toBe('🎲🃏님이 이겼습니다');
    expect(resolveParticles('王明을(를) 기다리는 중')).toBe('王明님을 기다리는 중');
    expect(resolveParticles('مرحبا(으)로')).toBe('مرحبا님으로');
    expect(resolveParticles('WWW 🎲(이)에요')).toBe('WWW 🎲예요');
    // No "(" or no particle: unchanged.
    expect(resolveParticles('패스 (라운드에서 나가기)')).toBe('패스 (라운드에서 나가기)');
  });

  it('in the app’s own messages', () => {
    const t = i18nWithAllLocales('ko').global.t;
    expect(t('lead.alone', { name: 'Bob 🎲🃏' })).toMatch(/^Bob 🎲🃏이 1위/);
    expect(t('lead.alone', { name: '🎲🃏' })).toMatch(/^🎲🃏님이 1위/);
    expect(t('lead.alone', { name: '王明' })).not.toContain('(');
  });
});
