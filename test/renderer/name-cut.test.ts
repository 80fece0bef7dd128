// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import NameCut from '../../renderer/src/components/common/NameCut.vue';

/*
 * happy-dom lays nothing out, so each test says how wide the name is and how much room it has (the
 * browser test in test/e2e/layout.test.ts checks the real thing on a touch phone).
 */
function sized(scrollWidth: number, clientWidth: number): () => void {
  const proto = HTMLElement.prototype;
  const saved = ['scrollWidth', 'clientWidth'].map(
    (k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const,
  );
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => clientWidth });
  return () => {
    for (const [k, d] of saved) if (d) Object.defineProperty(proto, k, d);
  };
}

let restore = () => {};
afterEach(() => {
  restore();
  document.body.innerHTML = '';
});

async function mountName(name: string) {
  const w = mount(NameCut, { props: { name }, attachTo: document.body });
  await new Promise((r) => setTimeout(r, 0));
  return w;
}
const pop = () => document.querySelector('[data-testid="name-pop"]');

describe('NameCut', () => {
  it('a name that fits is plain text: no tab stop, no button, no popover', async () => {
    restore = sized(80, 120);
    const w = await mountName('Ada');
    const el = w.get('[data-name]');
    expect(el.attributes('tabindex')).toBeUndefined();
    expect(el.attributes('role')).toBeUndefined();
    expect(el.attributes('title')).toBe('Ada');
    await el.trigger('click');
    await el.trigger('focus');
    expect(pop()).toBeNull();
  });

  it('a cut name is a focusable button; focus shows it whole, described by the popover; Esc closes', async () => {
    const name = '가나다라마바사아자차카타파하거너더러머버서어저처';
    restore = sized(400, 120);
    const w = await mountName(name);
    const el = w.get('[data-name]');
    expect(el.attributes('tabindex')).toBe('0');
    expect(el.attributes('role')).toBe('button');
    expect(el.attributes('aria-expanded')).toBe('false');

    await el.trigger('focus');
    expect(pop()?.textContent).toBe(name);
    expect(pop()?.getAttribute('role')).toBe('tooltip');
    expect(el.attributes('aria-expanded')).toBe('true');
    expect(el.attributes('aria-describedby')).toBe(pop()?.id);

    await el.trigger('keydown', { key: 'Escape' });
    expect(pop()).toBeNull();
    expect(el.attributes('aria-expanded')).toBe('false');
    expect(el.attributes('aria-describedby')).toBeUndefined();

    // Enter opens it again without leaving the name; leaving it closes it.
    await el.trigger('keydown', { key: 'Enter' });
    expect(pop()?.textContent).toBe(name);
    await el.trigger('blur');
    expect(pop()).toBeNull();
  });

  it('a tap or a long press (context menu) on a cut name shows it whole', async () => {
    restore = sized(400, 120);
    const w = await mountName('W'.repeat(24));
    await w.get('[data-name]').trigger('click');
    expect(pop()?.textContent).toBe('W'.repeat(24));
    await w.get('[data-name]').trigger('blur');
    expect(pop()).toBeNull();
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    w.get('[data-name]').element.dispatchEvent(menu);
    await w.vm.$nextTick();
    expect(menu.defaultPrevented).toBe(true);
    expect(pop()?.textContent).toBe('W'.repeat(24));
  });

  it('shows other text in its place (e.g. "You (name)") and still reveals the name itself', async () => {
    restore = sized(400, 120);
    const w = mount(NameCut, {
      props: { name: 'Ada Lovelace' },
      slots: { default: 'You (Ada Lovelace)' },
      attachTo: document.body,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(w.get('[data-name]').text()).toBe('You (Ada Lovelace)');
    await w.get('[data-name]').trigger('focus');
    expect(pop()?.textContent).toBe('Ada Lovelace');
  });
});
