// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import SeatCodeDialog from '../../renderer/src/components/app/SeatCodeDialog.vue';
import TableLockLine from '../../renderer/src/components/lobby/TableLockLine.vue';
import { randomSeatCode, useTableControlStore } from '../../renderer/src/stores/tableControl';
import { mountApp, useTestServices } from './mount';

/*
 * The creator's hold on a table, on screen: the code dialog (digits only, its refusals said in the field's
 * description, in every language), the lock line of a lobby row, and the random codes a creator gets.
 */

afterEach(() => {
  document.body.innerHTML = '';
});

const ask = { url: 'ws://127.0.0.1:47470/ws', tableId: 'abcdefgh', name: 'Bob' };
const refusal = (code: string, extra: object = {}) => ({
  type: 'error' as const,
  code: code as never,
  reason: 'r',
  to: 'join' as const,
  ...extra,
});

describe('the seat-code dialog', () => {
  it('opens on codeRequired, keeps digits only, and says what is wrong beside the field', async () => {
    useTestServices();
    const w = mountApp(SeatCodeDialog);
    const control = useTableControlStore();
    expect(control.joinRefused(refusal('codeRequired'), ask)).toBe(true);
    await nextTick();
    const input = w.get<HTMLInputElement>('[data-testid="seat-code-input"]');
    expect(input.attributes('inputmode')).toBe('numeric');
    expect(input.attributes('autocomplete')).toBe('one-time-code');
    await input.setValue(' 12a 3456');
    expect(input.element.value).toBe('1234');
    await input.setValue('12');
    await w.get('form').trigger('submit');
    expect(w.get('[data-testid="seat-code-error"]').text()).toBe('Type the four digits.');
    expect(input.attributes('aria-describedby')).toBe('seat-code-error');

    // The host's answers: a wrong code, then the limit with its wait.
    control.joinRefused(refusal('badCode'), ask);
    await nextTick();
    await input.setValue('1234'); // typing again clears "incomplete"
    expect(w.get('[data-testid="seat-code-error"]').text()).toContain('That is not the code');
    control.joinRefused(refusal('rateLimited', { retryAfterSeconds: 42 }), ask);
    await nextTick();
    expect(w.get('[data-testid="seat-code-error"]').text()).toBe('Too many wrong codes: try again in 42 s.');
    expect(w.get('[data-testid="seat-code-error"]').attributes('role')).toBe('alert');
  });

  it('leaves other refusals to the usual notice (a full table, the message rate limit)', () => {
    useTestServices();
    mountApp(SeatCodeDialog);
    const control = useTableControlStore();
    expect(control.joinRefused(refusal('tableFull'), ask)).toBe(false);
    expect(control.joinRefused(refusal('rateLimited'), ask)).toBe(false);
    expect(control.joinRefused(refusal('codeRequired'), null)).toBe(false);
    expect(control.asking).toBeNull();
  });

  it('speaks Italian and Korean', async () => {
    for (const [locale, text] of [
      ['it', 'Il codice non è giusto'],
      ['ko', '코드가 맞지 않습니다'],
    ] as const) {
      useTestServices();
      const w = mountApp(SeatCodeDialog, {}, undefined, locale);
      useTableControlStore().joinRefused(refusal('badCode'), ask);
      await nextTick();
      expect(w.get('[data-testid="seat-code-error"]').text()).toContain(text);
      w.unmount();
    }
  });
});

describe('a lobby row of a locked table', () => {
  it('says locked (and no watchers), or that a code is asked, or nothing', () => {
    const line = (summary: object, door = false) =>
      mountApp(TableLockLine, { props: { summary, door } }).text();
    expect(line({ locked: true, watchers: false, hasCode: true })).toBe(
      'Locked — only the players who are in · No watchers',
    );
    expect(line({ locked: false, hasCode: true })).toBe('Asks for a seat code');
    expect(line({ locked: false, hasCode: false })).toBe('');
    expect(line({ locked: true, watchers: true }, true)).toContain('nobody new takes a seat');
  });
});

describe('a new seat code', () => {
  it('is four digits, and not always the same', () => {
    const codes = new Set(Array.from({ length: 50 }, randomSeatCode));
    for (const c of codes) expect(c).toMatch(/^[0-9]{4}$/);
    expect(codes.size).toBeGreaterThan(40);
  });
});
