// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterOf } from '../../renderer/src/learn/chapters';
import LearnChapter from '../../renderer/src/learn/LearnChapter.vue';
import { mountApp, useTestServices } from './mount';

/*
 * A chapter at its local table, mounted: the guide's steps, a wrong move explained in the table's words and
 * taken back, the taught move made through the real turn panel, a skipped bots' step, the chapter's end.
 */

type Wrapper = ReturnType<typeof mountApp>;
let wrapper: Wrapper | null = null;
beforeEach(() => useTestServices());
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

function open(id: string, botPaceMs = 900): Wrapper {
  wrapper = mountApp(LearnChapter, {
    props: { chapter: chapterOf(id)!, number: 1, startScene: 0, last: false, botPaceMs },
  });
  return wrapper;
}
const lesson = (w: Wrapper) => w.get('[data-testid="learn-chapter"]');
const step = (w: Wrapper) => lesson(w).attributes('data-step');
const callout = (w: Wrapper) => w.get('[data-testid="learn-callout"]').text();
async function click(w: Wrapper, selector: string): Promise<void> {
  await w.get(selector).trigger('click');
  await flushPromises();
}

describe('a chapter at its table', () => {
  it('explains a wrong play with the table’s preview, takes it back, then takes the taught move', async () => {
    const w = open('play');
    expect(step(w)).toBe('red');
    expect(callout(w)).toContain('The highest card leads.');
    // Your seat is named "You": not "You (you)".
    expect(w.get('.my-seat .name').text()).toBe('You');
    for (let i = 0; i < 3; i++) await click(w, '[data-testid="learn-next"]');
    expect(step(w)).toBe('beat');
    expect(lesson(w).attributes('data-target')).toBe('.my-hand [data-card="Y5"]');

    await click(w, '.my-hand [data-card="I5"]');
    await click(w, '[data-testid="play"]');
    expect(lesson(w).attributes('data-mistake')).toBe('yes');
    expect(callout(w)).toContain('Play Indigo 5: you would not lead yet.');
    expect(callout(w)).toContain('Indigo is below Green on the strip.');
    // While the mistake is shown the table takes no more steps.
    expect(w.get('[data-testid="confirm-turn"]').attributes('disabled')).toBeDefined();

    await click(w, '[data-testid="learn-try-again"]');
    expect(lesson(w).attributes('data-mistake')).toBeUndefined();
    expect(w.find('[data-testid="undo"]').exists()).toBe(false);
    await click(w, '.my-hand [data-card="Y5"]');
    expect(lesson(w).attributes('data-target')).toBe('[data-testid="play"]');
    await click(w, '[data-testid="play"]');
    expect(lesson(w).attributes('data-target')).toBe('[data-testid="confirm-turn"]');
    await click(w, '[data-testid="confirm-turn"]');
    expect(step(w)).toBe('done');
    await click(w, '[data-testid="learn-next"]');
    expect(lesson(w).attributes('data-wait')).toBe('done');
    expect(w.emitted('finished')).toHaveLength(1);
    expect(callout(w)).toContain('Chapter done!');
    // The lesson's table stops there, and its panel says so: not that the bot is playing, which it never would.
    expect(w.find('[data-testid="turn-status"]').exists()).toBe(false);
    expect(w.get('[data-testid="learn-done-panel"]').text()).toBe('Chapter done!');
  });

  it('a skipped move is played for the player; skipped bots play at once; Esc skips nothing', async () => {
    const w = open('goal');
    for (let i = 0; i < 3; i++) await click(w, '[data-testid="learn-next"]');
    expect(step(w)).toBe('lead');
    // Esc is the table's (clear the selection, undo a step): it never plays the move for the player.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await flushPromises();
    expect(step(w)).toBe('lead');
    await click(w, '[data-testid="learn-skip-step"]');
    expect(step(w)).toBe('bot');
    expect(lesson(w).attributes('data-wait')).toBe('bots');
    await click(w, '[data-testid="learn-skip-step"]');
    expect(step(w)).toBe('won');
    expect(callout(w)).toContain('Bot could not lead and is out.');
    expect(w.get('[data-testid="turn-status"]').text()).toMatch(/Game over/);
  });

  it('the bots move at the pace chosen: each move after that long, not before', async () => {
    vi.useFakeTimers();
    try {
      for (const pace of [250, 1600]) {
        const w = open('goal', pace);
        for (let i = 0; i < 3; i++) await click(w, '[data-testid="learn-next"]');
        await click(w, '.my-hand [data-card="Y6"]');
        await click(w, '[data-testid="play"]');
        await click(w, '[data-testid="confirm-turn"]');
        expect(step(w)).toBe('bot');
        // Each bot move (and the step's end after the last) lands `pace` after the one before, not sooner.
        let last = w.html();
        for (let ticks = 0; step(w) === 'bot' && ticks < 6; ticks++) {
          await vi.advanceTimersByTimeAsync(pace - 1);
          expect(w.html()).toBe(last);
          await vi.advanceTimersByTimeAsync(1);
          await flushPromises();
          expect(w.html()).not.toBe(last);
          last = w.html();
        }
        expect(step(w)).toBe('won');
        w.unmount();
        wrapper = null;
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a discard the rule does not reward is refused by the table itself, with its reason', async () => {
    const w = open('rules');
    for (let i = 0; i < 7; i++) await click(w, '[data-testid="learn-next"]');
    expect(step(w)).toBe('change');
    await click(w, '.my-hand [data-card="O2"]');
    expect(w.get('[data-testid="discard"]').attributes('disabled')).toBeDefined();
    expect(w.get('#why-discard').text()).toMatch(/^Discard: \S/);
    await click(w, '.my-hand [data-card="I1"]');
    await click(w, '[data-testid="discard"]');
    await click(w, '[data-testid="confirm-turn"]');
    expect(step(w)).toBe('done');
    expect(w.get('[data-testid="rule-name"]').text()).toContain('Indigo');
  });
});
