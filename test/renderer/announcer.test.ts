// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TableAnnouncer from '../../renderer/src/components/table/TableAnnouncer.vue';
import { createPinia } from 'pinia';
import { mount } from '@vue/test-utils';
import { nextTick } from 'vue';
import { i18nWithAllLocales, mountApp, roundAfter } from './mount';

/**
 * The announcer fills its live region a moment (80 ms) after a change, emptied first so repeats are
 * spoken; the test's clock passes that moment without waiting for it.
 */
const settle = () => vi.advanceTimersByTimeAsync(150);
const names = ['Ada', 'Bob', 'Cy'];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('TableAnnouncer', () => {
  it('speaks each move as it happens, with who leads after it, in one polite region', async () => {
    const w = mountApp(TableAnnouncer, { props: { view: roundAfter([]), names } });
    const region = w.get('[data-testid="announcer"]');
    expect(region.attributes('aria-live')).toBe('polite');
    expect(region.attributes('role')).toBe('status');
    await settle();
    // Arriving at the table: where things stand (Cy's Yellow 3 is the highest card under Red).
    expect(region.text()).toMatch(/Cy leads\.$/);

    await w.setProps({ view: roundAfter([{ type: 'play', card: 'G4' }]) });
    await settle();
    expect(region.text()).toBe('You played Green 4. You lead.');
    // Ending the turn adds only the next turn's divider: no news, the last words stay.
    await w.setProps({ view: roundAfter([{ type: 'play', card: 'G4' }, { type: 'end' }]) });
    await settle();
    expect(region.text()).toBe('You played Green 4. You lead.');

    // Two moves arriving before the first was shown are both spoken, in order.
    const bob = [{ type: 'play', card: 'G4' }, { type: 'end' }, { type: 'play', card: 'V6' }] as const;
    await w.setProps({ view: roundAfter([...bob]) });
    await w.setProps({ view: roundAfter([...bob, { type: 'end' }, { type: 'play', card: 'I5' }]) });
    await settle();
    expect(region.text()).toBe('Bob played Violet 6. Bob leads. Cy played Indigo 5. Bob leads.');
  });

  it('words its last announcement again in the language chosen after it', async () => {
    const i18n = i18nWithAllLocales('en');
    const w = mount(TableAnnouncer, {
      props: { view: roundAfter([{ type: 'play', card: 'G4' }]), names },
      global: { plugins: [i18n, createPinia()] },
    });
    const region = w.get('[data-testid="announcer"]');
    await settle();
    expect(region.text()).toBe('You played Green 4. You lead.');
    // What the same move is, said in Italian from the start.
    const italian = mountApp(
      TableAnnouncer,
      { props: { view: roundAfter([{ type: 'play', card: 'G4' }]), names } },
      undefined,
      'it',
    );
    await settle();
    const want = italian.get('[data-testid="announcer"]').text();
    expect(want).toMatch(/Verde 4/);
    i18n.global.locale.value = 'it';
    await nextTick();
    expect(region.text()).toBe(want);
    expect(region.text()).not.toMatch(/played|lead/);
    w.unmount();
  });

  it('says the rule and who leads on L or its button, but not while typing or behind a dialog', async () => {
    const view = roundAfter([{ type: 'play', card: 'G4' }]);
    const w = mountApp(TableAnnouncer, { props: { view, names } });
    const region = w.get('[data-testid="announcer"]');
    await settle();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'l' }));
    await settle();
    expect(region.text()).toMatch(/^The rule: Red, Highest card\. You lead: /);

    // The same words again are spoken again: the region is emptied, then filled.
    await w.get('[data-testid="say-standing"]').trigger('click');
    expect(region.text()).toBe('');
    await settle();
    expect(region.text()).toMatch(/^The rule: Red, /);
    expect(w.get('[data-testid="say-standing"]').attributes('aria-keyshortcuts')).toBe('L');

    const input = document.createElement('input');
    document.body.append(input);
    await w.setProps({ view: roundAfter([]) });
    await settle();
    const before = region.text();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'l', bubbles: true }));
    await settle();
    expect(region.text()).toBe(before);
    const modal = document.createElement('div');
    modal.setAttribute('aria-modal', 'true');
    document.body.append(modal);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'l' }));
    await settle();
    expect(region.text()).toBe(before);
  });
});
