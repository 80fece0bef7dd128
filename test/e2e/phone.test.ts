import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { setupState } from '../../shared/engine';
import type { CardId, GameState } from '../../shared/engine/types';
import { axeViolations, seriousTargets } from './axe';
import {
  describeInChromium,
  newPlayer,
  plantTable,
  resumeSeat,
  screenshotDir,
  takeSeatBack,
  type Player,
} from './harness';
import { offScreen } from './layout-check';
import { dealPosition } from './layout-positions';
import { openNewTable } from './ui';

/** The typed-address fallback of a host that moved, kept for people to look at (or the run's own folder). */
const MOVED_SHOTS = process.env.RED7_SHOTS ?? join(screenshotDir(), 'host-moved');
mkdirSync(MOVED_SHOTS, { recursive: true });

/*
 * The table on a phone, in real Chromium against a real host. Each table is planted in the host's data
 * folder (as a saved table after a restart) with Ada at seat 0 and bots elsewhere. On Ada's turn the
 * rule, her palette, her hand and the move buttons must all be inside the viewport at once (no scrolling),
 * at 360×740, 390×844 and 768×1024, for 2, 3 and 4 players. A bot's move leaves its cards marked, and
 * when the host goes away the board greys with "Reconnecting…". An opponent's row opened drops its palette
 * over the felt, the turn's buttons staying put. Screenshots land in
 * test-results/screenshots/ (phone-*.jpg), at 1280 px too, and once in Korean.
 */

const shots = screenshotDir();

type Players = 2 | 3 | 4;
const options = (players: Players) =>
  ({
    players,
    mode: 'basic',
    actionRule: true,
    rulesVersion: '1.2',
    targetScore: 35,
    autoDraw: false,
  }) as const;

/** A mid-round position: full hands (the widest a hand gets at the start), two or three palette cards each. */
const HANDS: CardId[][] = [
  ['G3', 'Y6', 'O1', 'B2', 'V5', 'I7', 'R4'],
  ['V7', 'B5', 'Y4', 'O3', 'G1'],
  ['G7', 'I3', 'O2', 'Y1', 'B6'],
  ['R2', 'I4', 'V3', 'B1', 'G6'],
];
const PALETTES: CardId[][] = [
  ['O6', 'B4'],
  ['R6', 'V2', 'I1'],
  ['Y3', 'G2'],
  ['V1', 'O4', 'I6'],
];

function position(players: Players, current: number): GameState {
  return setupState(options(players), {
    hands: HANDS.slice(0, players),
    palettes: PALETTES.slice(0, players),
    canvas: ['B3'],
    current,
  });
}

const token = (id: string) => `token-${id}-0123456789abcdef`;

/** Ada (seat 0) and bots at a planted table in mid-round; `current` moves first. */
function plant(
  dataDir: string,
  id: string,
  players: Players,
  current: number,
  botNames = ['Bea', 'Cyd', 'Dov'],
  name = `Phone ${id}`,
): void {
  plantTable(dataDir, {
    id,
    name,
    options: options(players),
    state: position(players, current),
    seats: [
      { name: 'Ada', token: token(id) },
      ...botNames.slice(0, players - 1).map((name) => ({ name, bot: true as const })),
    ],
  });
}
/** Long names: an unfolded seat's words do not fit beside its name on a phone, and go under it. */
const LONG_NAMES = ['Bartolomeo Colleoni', 'Costanza Malatesta', 'Domitilla Sforzinda'];

interface Size {
  width: number;
  height: number;
  phone: boolean;
}
const PHONES: Size[] = [
  { width: 360, height: 740, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 768, height: 1024, phone: true },
];
const DESK: Size = { width: 1280, height: 900, phone: false };
const LAYOUTS = [...PHONES, DESK].flatMap((size) =>
  ([2, 3, 4] as const).map((players) => ({ size, players })),
);
const PHONE_TRAITS = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** The opponents' rows, opened: the smallest phone in the longest language, and a bigger one in Korean. */
const ROWS = [
  { id: 'rows-it', size: PHONES[0], locale: 'it-IT' },
  { id: 'rows-ko', size: PHONES[1], locale: 'ko-KR' },
];
/** Folded rows of bots with long names, at the smallest phone: Italian and Korean, their text larger too. */
const FOLDED = [
  { id: 'folded-it', locale: 'it-IT' },
  { id: 'folded-ko', locale: 'ko-KR' },
];
/** An evening's tables are named by heat and table, then the evening ("1A · …"): the bar shows the whole name. */
const NAMED = [
  { locale: 'en-US', name: '1A · Friday night at Ann’s' },
  { locale: 'it-IT', name: '1A · Serata del venerdì' },
  { locale: 'ko-KR', name: '1A · 금요일 밤 레드7 모임' },
];
/**
 * Who leads names a runner-up in brackets ("… 3 cards against 2 (name)"): long names of both kinds (a wide
 * Korean syllable leaves the widest gap after a cut), the leader and the runner-up, at the smallest phones.
 */
const BRACKETED = [
  {
    id: 'lead-ko',
    locale: 'ko-KR',
    size: PHONES[0],
    names: ['Domitilla Sforzinda', '가나다라마바사아자차카타파하'],
  },
  {
    id: 'lead-it',
    locale: 'it-IT',
    size: PHONES[1],
    names: ['가나다라마바사아자차카타파하', 'Bartolomeo Colleoni'],
  },
  { id: 'lead-en', locale: 'en-US', size: PHONES[0], names: ['Bartolomeo Colleoni', 'Domitilla Sforzinda'] },
];
/** Three players: the second leads Green (even cards) with 3 against the third's 2; Ada, with 1, to act. */
function bracketedPosition(): GameState {
  return setupState(options(3), {
    hands: [
      ['Y6', 'O1', 'B2', 'V5', 'I7', 'R4', 'G7'],
      ['V7', 'B5', 'O3', 'G1', 'R3', 'Y1', 'I3'],
      ['O2', 'V3', 'B1', 'I5', 'Y3', 'R7', 'O5'],
    ],
    palettes: [['O6'], ['R2', 'Y4', 'B6'], ['V4', 'I6']],
    canvas: ['G5'],
    current: 0,
  });
}
/** A table moved: the smallest phone in Korean, a bigger one in Italian, a tablet in English (the whole notice's words). */
const MOVED = [
  { id: 'moved', size: PHONES[0], locale: 'ko-KR', whole: '확정하지 않은 차례는 처음부터 다시 합니다' },
  { id: 'moved-it', size: PHONES[1], locale: 'it-IT', whole: 'un turno che non avevi confermato ricomincia' },
  { id: 'moved-en', size: PHONES[2], locale: 'en-US', whole: 'a turn you had not confirmed starts again' },
];
/** A play staged at a 4-player deal, where the stripes' key must leave Confirm and Undo in sight. */
const STRIPED = [...PHONES, DESK].flatMap((size) =>
  (size.phone ? ['en-US', 'it-IT', 'ko-KR'] : ['en-US']).map((locale) => ({
    size,
    locale,
    id: `striped-${size.width}-${locale}`,
  })),
);
const idOf = (size: Size, players: number, extra = '') => `w${size.width}p${players}${extra}`;

/** Notes every Web Animation a card element starts (which card, its keyframes), for the motion checks. */
const RECORD_FLIGHTS = `
  window.__flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    window.__flights.push({ card: this.dataset ? this.dataset.card || null : null, keyframes: JSON.stringify(keyframes) });
    return animate.call(this, keyframes, options);
  };
`;
interface Flight {
  card: string | null;
  keyframes: string;
}
const flightsOf = (page: Page) => page.evaluate('window.__flights') as Promise<Flight[]>;

/**
 * Confirms a staged turn by taps; out of the lead, Confirm asks first, and the question's Yes is tapped. Wait for
 * whichever comes: the question looked at once at the tap could be missed.
 *
 * A tap is tried again (at most twice) when nothing came of it in 3 s. In about one full e2e run in three,
 * under load, Chromium delivered the Yes tap's touch and pointer events to the button and the click it makes
 * of them elsewhere in the dialog (a recording of the page's events); the dialog stayed open and the turn
 * unsent. Twelve such turns in a row, quiet or beside `stress-ng --cpu 4`, never lost one. A second tap is what
 * a person does; the turn is still checked to have gone.
 */
async function confirmTurn(
  page: Page,
  moveCount: () => Promise<string | null>,
  before: string | null,
): Promise<void> {
  const sure = page.getByTestId('confirm-yes');
  const confirm = page.getByTestId('confirm-turn');
  const sent = async () => (await moveCount()) !== before;
  for (let attempt = 0; attempt < 3 && !(await sent()); attempt++) {
    // Confirm again only while it is there to tap: a turn on its way has taken it off the screen.
    if (!(await sure.isVisible()) && (await confirm.isVisible()) && (await confirm.isEnabled()))
      await confirm.tap();
    await expect.poll(async () => (await sure.isVisible()) || (await sent()), { timeout: 10_000 }).toBe(true);
    if (await sure.isVisible()) await sure.tap();
    await expect
      .poll(sent, { timeout: 3_000 })
      .toBe(true)
      .catch(() => undefined);
  }
}

/** Taps hand cards until one may be played, plays it (confirming the turn), and returns it. */
async function playSomeCard(page: Page): Promise<string> {
  for (const card of await page.locator('.my-hand [data-card]').all()) {
    await card.tap();
    if (await page.getByTestId('play').isEnabled()) {
      const id = (await card.getAttribute('data-card'))!;
      const moveCount = () => page.getByTestId('table-view').getAttribute('data-move-count');
      const before = await moveCount();
      const sentAtOnce = (await page.getByTestId('play').textContent())?.includes('is final');
      await page.getByTestId('play').tap();
      if (!sentAtOnce) await confirmTurn(page, moveCount, before);
      await expect.poll(moveCount, { timeout: 10_000 }).not.toBe(before);
      return id;
    }
  }
  throw new Error('no card could be played');
}

async function inViewport(page: Page, what: Locator, label: string): Promise<void> {
  const box = await what.boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${label} is drawn`).not.toBeNull();
  expect(
    {
      label,
      top: box!.y >= 0,
      left: box!.x >= 0,
      bottom: box!.y + box!.height <= vp.height + 0.5,
      right: box!.x + box!.width <= vp.width + 0.5,
    },
    `${label} ${JSON.stringify(box)} inside ${vp.width}×${vp.height}`,
  ).toEqual({ label, top: true, left: true, bottom: true, right: true });
}

describeInChromium(
  'the table on a phone (Chromium)',
  {
    playersPerTest: true,
    plant: (dataDir) => {
      for (const { size, players: n } of LAYOUTS) plant(dataDir, idOf(size, n), n, 0);
      plant(dataDir, 'korean', 4, 0);
      plant(dataDir, 'marks', 3, 1);
      plant(dataDir, 'reconnect', 2, 0);
      for (const id of ROWS.map((r) => r.id)) plant(dataDir, id, 4, 0, LONG_NAMES);
      for (const { id } of FOLDED) plant(dataDir, id, 4, 0, LONG_NAMES);
      for (const { locale, name } of NAMED) plant(dataDir, `named-${locale}`, 4, 0, undefined, name);
      for (const { id } of MOVED) plant(dataDir, id, 4, 0);
      for (const { id } of STRIPED)
        plantTable(dataDir, {
          id,
          name: `Phone ${id}`,
          options: dealPosition(4).options,
          state: dealPosition(4),
          seats: [
            { name: 'Ada', token: token(id) },
            ...['Bea', 'Cyd', 'Dov'].map((name) => ({ name, bot: true as const })),
          ],
        });
      for (const { id, names } of BRACKETED)
        plantTable(dataDir, {
          id,
          name: `Phone ${id}`,
          options: options(3),
          state: bracketedPosition(),
          seats: [{ name: 'Ada', token: token(id) }, ...names.map((name) => ({ name, bot: true as const }))],
        });
    },
  },
  (stage) => {
    /**
     * One page per kind of device (phone or desktop) and language, reused, as layout.test does: a test's
     * table is opened by its address, the seat's token where the lobby keeps it (the app steps away from
     * the last table and takes this seat back). A context and a page loaded per test cost Chromium about
     * 1 s of CPU; this, a third of it. The page is set back first: its window's size, text size, scroll and
     * recorded card flights. Motion on (one test) gets a page of its own, closed with its test.
     */
    const devices = new Map<string, Player>();
    afterAll(async () => {
      for (const p of devices.values()) await p.context.close().catch(() => {});
    });
    /** The table names planted under other names than `Phone <id>`. */
    const tableName = (id: string) => NAMED.find((n) => `named-${n.locale}` === id)?.name ?? `Phone ${id}`;

    async function sit(
      id: string,
      size: Size,
      locale = 'en-US',
      reducedMotion: 'reduce' | 'no-preference' = 'reduce',
    ): Promise<Player> {
      const traits = size.phone
        ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale, reducedMotion }
        : { locale, reducedMotion };
      const key = `${size.phone ? 'phone' : 'desktop'}-${locale}`;
      const reused = reducedMotion === 'reduce' ? devices.get(key) : undefined;
      if (!reused) {
        const p =
          reducedMotion === 'reduce'
            ? await newPlayer(stage.browser, key, size.width, size.height, traits)
            : await stage.player(`Ada ${id}`, size.width, size.height, traits);
        if (reducedMotion === 'reduce') devices.set(key, p);
        await p.context.addInitScript({ content: RECORD_FLIGHTS });
        await resumeSeat(p, stage.served, id, token(id));
        return p;
      }
      const { page } = reused;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '';
        (window as unknown as { __flights: unknown[] }).__flights = [];
      });
      await takeSeatBack(page, stage.served, id, token(id), tableName(id));
      return reused;
    }

    const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `phone-${name}.jpg`) });

    it.each(LAYOUTS)(
      '$size.width×$size.height, $players players: rule, palette, hand and buttons at once on your turn',
      async ({ size, players: n }) => {
        const id = idOf(size, n);
        const p = await sit(id, size);
        const { page } = p;
        await page.locator('.panel.mine').waitFor();
        // Tap a card: its preview shows next to the buttons (on a phone, folded into its verdicts).
        const preview = page.getByTestId(size.width < 768 ? 'previews-fold' : 'play-preview');
        await page
          .locator('.my-hand [data-card="Y6"]')
          .tap()
          .catch(() => page.locator('.my-hand [data-card="Y6"]').click());
        await preview.waitFor();
        await shot(page, `${size.width}-${n}p`);
        await inViewport(page, page.getByTestId('rule-name'), 'the rule');
        await inViewport(page, page.locator('.my-seat .palette'), 'your palette');
        await inViewport(page, page.locator('.my-hand .hand'), 'your hand');
        await inViewport(page, page.getByTestId('play'), 'Play');
        await inViewport(page, page.getByTestId('discard'), 'Discard');
        await inViewport(page, preview, 'the preview');
        // Nothing sticks out sideways.
        await expect(page.locator('html').evaluate((h) => h.scrollWidth)).resolves.toBeLessThanOrEqual(
          size.width,
        );
        if (size.width === 390 && n === 4) {
          // 200 % text: everything grows and wraps, nothing sticks out sideways.
          await page.locator('html').evaluate((h) => (h.style.fontSize = '200%'));
          await expect
            .poll(() => page.locator('html').evaluate((h) => h.scrollWidth))
            .toBeLessThanOrEqual(size.width);
          await page.screenshot({ path: join(shots, 'phone-390-4p-text200.jpg'), fullPage: true });
        }
        expect(p.errors).toEqual([]);
      },
    );

    it('touch: no keyboard hints, every button and hand card at least 44 px; Korean fits too', async () => {
      const p = await sit('korean', PHONES[0], 'ko-KR');
      const { page } = p;
      await page.locator('.panel.mine').waitFor();
      await expect(page.locator('.panel.mine kbd').first().isVisible()).resolves.toBe(false);
      const small = await page
        .locator('button:visible')
        .evaluateAll((buttons) =>
          buttons
            .map((b) => ({ text: b.textContent?.trim(), ...b.getBoundingClientRect().toJSON() }))
            .filter((r) => r.height < 44 || (r.width < 44 && r.width > 0)),
        );
      expect(small).toEqual([]);
      await page.locator('.my-hand [data-card="O1"]').tap();
      await page.getByTestId('previews-fold').waitFor();
      await shot(page, '360-4p-ko');
      await inViewport(page, page.getByTestId('rule-name'), 'the rule');
      await inViewport(page, page.locator('.my-seat .palette'), 'your palette');
      await inViewport(page, page.locator('.my-hand .hand'), 'your hand');
      await inViewport(page, page.getByTestId('play'), 'Play');
      await expect(page.locator('html').evaluate((h) => h.scrollWidth)).resolves.toBeLessThanOrEqual(360);
      // A folded opponent opens on tap: the palette in full, with its standing.
      await page.locator('[data-seat="1"] [data-testid="seat-row"]').tap();
      await page.locator('[data-seat="1"] .meta [data-testid="standing"]').waitFor();
      await shot(page, '360-4p-ko-open');
      expect(p.errors).toEqual([]);
    });

    it("a bot's move stays marked: its played card, and the rule it set on the canvas", async () => {
      // Bea and Cyd (bots) move first; Ada's turn comes after both. Motion is on for this player.
      const p = await sit('marks', PHONES[1], 'en-US', 'no-preference');
      const { page } = p;
      await page.locator('.panel.mine').waitFor({ timeout: 20_000 });
      // Whatever each bot did (play, discard or both), its cards carry the mark; Ada's carry none.
      await page.locator('[data-testid="moved-mark"]').first().waitFor({ timeout: 15_000 });
      const marked = await page
        .locator('[data-fly]:has([data-testid="moved-mark"])')
        .evaluateAll((cards) =>
          cards.map((c) => c.closest('[data-seat]')?.getAttribute('data-seat') ?? 'canvas'),
        );
      expect(marked.length).toBeGreaterThan(0);
      expect(marked.every((where) => where === '1' || where === 'canvas' || where === '2')).toBe(true);
      if (marked.includes('canvas')) await page.getByTestId('rule-changed').waitFor();
      await shot(page, '390-3p-marks');
      // Ada's own play: the card flies from her hand to her palette, and now carries her mark.
      const played = await playSomeCard(page);
      await expect
        .poll(async () =>
          (await flightsOf(page)).some((f) => f.card === played && f.keyframes.includes('translate(')),
        )
        .toBe(true);
      await page.locator(`.my-seat [data-card="${played}"] [data-testid="moved-mark"]`).waitFor();
      expect(p.errors).toEqual([]);
    });

    it('the lobby on a phone: the brand and every tool in one header row', async () => {
      const p = await stage.player('Lobby visitor', 360, 740, {
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      await p.page.goto(stage.served.url);
      await p.page.getByTestId('player-name').waitFor();
      await expect(p.page.locator('.brand-name').isVisible()).resolves.toBe(true);
      const bar = await p.page.locator('header.bar').boundingBox();
      expect(bar!.height).toBeLessThan(64);
      await expect(p.page.locator('html').evaluate((h) => h.scrollWidth)).resolves.toBeLessThanOrEqual(360);
      await shot(p.page, '360-lobby');
      expect(p.errors).toEqual([]);
    });

    it.each(['en-US', 'it-IT', 'ko-KR'])(
      'the lobby at 360 px in %s: both kinds of table on one line, the example address whole',
      async (locale) => {
        const p = await stage.player(`Lobby ${locale}`, 360, 740, { locale, ...PHONE_TRAITS });
        await p.page.goto(stage.served.url);
        await p.page.getByTestId('player-name').waitFor();
        await openNewTable(p.page);
        // The two kinds share a line, or each takes a whole line: never one alone beside empty space.
        const box = (id: string) =>
          p.page
            .getByTestId(id)
            .locator('xpath=..')
            .evaluate((label) => {
              const b = label.getBoundingClientRect();
              const set = label.closest('fieldset')!.getBoundingClientRect();
              return {
                top: Math.round(b.top),
                left: Math.round(b.left),
                width: Math.round(b.width),
                inside: b.right <= set.right + 0.5,
              };
            });
        // Read once the form has settled: its words come with its chunk, and boxes read mid-way (seen once in
        // CI: side by side, their tops apart) are neither layout. Two reads 100 ms apart must agree.
        const both = async () => JSON.stringify([await box('preset-first'), await box('preset-custom')]);
        let read = await both();
        for (let i = 0, last = ''; i < 30 && read !== last; i++) {
          await p.page.waitForTimeout(100);
          [last, read] = [read, await both()];
        }
        const [first, custom] = JSON.parse(read) as Awaited<ReturnType<typeof box>>[];
        expect(first.inside && custom.inside, 'inside their fieldset').toBe(true);
        if (first.top !== custom.top)
          expect({ left: custom.left, width: custom.width }).toEqual({
            left: first.left,
            width: first.width,
          });
        if (locale === 'en-US') expect(custom.top).toBe(first.top);
        // The placeholder's text fits the field's inner width (Chromium cuts it without an ellipsis).
        const fit = await p.page.getByTestId('address').evaluate((input) => {
          const field = input as HTMLInputElement;
          const style = getComputedStyle(field);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const inner = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: Math.ceil(ctx.measureText(field.placeholder).width), inner };
        });
        expect(fit.text, `the placeholder (${fit.text} px) in ${fit.inner} px`).toBeLessThanOrEqual(
          fit.inner,
        );
        await p.page.getByTestId('address').scrollIntoViewIfNeeded();
        await shot(p.page, `360-lobby-address-${locale}`);
        expect(p.errors).toEqual([]);
      },
    );

    /*
     * A row opened by a tap drops its words and palette down over the felt: nothing under it moves, so your
     * turn's buttons stay where they were (opened in place, one row pushed Play below 360×740 in Italian,
     * two at 390×844), and opening another folds it. Its words line up with its name (they sat 18 px left of
     * it), as do an unfolded seat's in a 1's pick when they go under the name.
     */
    it.each(ROWS)(
      'opponents’ rows at $size.width×$size.height in $locale: opened, the turn’s buttons stay put; words under the name',
      async ({ id, size, locale }) => {
        const p = await sit(id, size, locale);
        const { page } = p;
        await page.locator('.panel.mine').waitFor();
        const seat = (n: number) => page.locator(`.others [data-seat="${n}"]`);
        const row = (n: number) => seat(n).getByTestId('seat-row');
        const opened = () =>
          page
            .locator('.others [aria-expanded]')
            .evaluateAll((els) =>
              els
                .filter((el) => el.getAttribute('aria-expanded') === 'true')
                .map((el) => el.closest('[data-seat]')!.getAttribute('data-seat')),
            );
        /** Left edges of a seat's name and of its words, and whether the words are on a line under the name. */
        const lineUp = (n: number) =>
          seat(n).evaluate((el) => {
            const name = el.querySelector(':is(.fold, .head) .name')!.getBoundingClientRect();
            const meta = el.querySelector('.meta')!.getBoundingClientRect();
            return {
              name: name.left,
              meta: meta.left,
              under: meta.top >= name.bottom - 1,
              besideFrom: name.right,
            };
          });
        const play = page.getByTestId('play');
        const playAt = (await play.boundingBox())!;

        await row(1).tap();
        const first = await lineUp(1);
        expect(first.under, 'the words under the name').toBe(true);
        expect(
          Math.abs(first.meta - first.name),
          `words at ${first.meta}, name at ${first.name}`,
        ).toBeLessThanOrEqual(1);
        expect((await play.boundingBox())!.y, 'Play stays where it was').toBeCloseTo(playAt.y, 0);
        await inViewport(page, play, 'Play, a row opened');
        await shot(page, `${size.width}-rows-${locale}-open`);
        // The second row lies under the first's palette: the keyboard reaches it, and opening it folds the first.
        await row(2).focus();
        await page.keyboard.press('Enter');
        await inViewport(page, play, 'Play, after opening a second row');
        await inViewport(page, page.getByTestId('discard'), 'Discard, after opening a second row');
        await expect(opened()).resolves.toEqual(['2']);
        const drop = seat(2).getByTestId('seat-unfolded');
        await expect(row(2).getAttribute('aria-controls')).resolves.toBe(await drop.getAttribute('id'));
        expect(seriousTargets(await axeViolations(page, '.felt'))).toEqual([]);
        // Escape folds it, the focus staying on its row; a tap elsewhere folds one too.
        await page.keyboard.press('Escape');
        await expect(opened()).resolves.toEqual([]);
        await expect(row(2).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
        await row(3).tap();
        await expect(opened()).resolves.toEqual(['3']);
        await page.locator('.my-seat .meta').tap();
        await expect(opened()).resolves.toEqual([]);

        // A card selected, then a play staged: with a row opened, the turn's buttons are still on screen.
        await page.locator('.my-hand [data-card="Y6"]').tap();
        await row(1).tap();
        await inViewport(page, play, 'Play, a card selected and a row opened');
        await play.tap();
        await page.getByTestId('confirm-turn').waitFor();
        await row(3).tap();
        await expect(opened()).resolves.toEqual(['3']);
        await inViewport(page, page.getByTestId('confirm-turn'), 'Confirm, a play staged and a row opened');
        await inViewport(page, page.getByTestId('undo'), 'Undo, a play staged and a row opened');
        await shot(page, `${size.width}-rows-${locale}-staged`);
        // Your own name stays whole while your play waits for Confirm (once seen cut to "Ada…"; here it has room).
        const own = await page
          .locator('.my-seat .head .name-cut')
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(own.scroll, `your name: ${JSON.stringify(own)}`).toBeLessThanOrEqual(own.client);

        // A 1: the palettes to pick from unfold in place; words that go under a name line up with it.
        await page.getByTestId('undo').tap();
        await page.locator('.my-hand [data-card="O1"]').tap();
        await play.tap();
        await page.getByTestId('one-seats').waitFor();
        const seats = await page
          .locator('.others [data-seat]:not(:has(.fold))')
          .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-seat'))));
        expect(seats.length, 'palettes unfolded to pick from').toBeGreaterThan(0);
        const unfolded = await Promise.all(seats.map(lineUp));
        expect(
          unfolded.some((u) => u.under),
          'a seat with its words under its name',
        ).toBe(true);
        for (const u of unfolded) {
          if (u.under)
            expect(
              Math.abs(u.meta - u.name),
              `words under the name: ${JSON.stringify(u)}`,
            ).toBeLessThanOrEqual(1);
          else expect(u.meta, `words beside the name: ${JSON.stringify(u)}`).toBeGreaterThan(u.besideFrom);
        }
        await shot(page, `${size.width}-rows-${locale}-one`);
        // Larger text: a header's marks wrap under a long name (the leader's badge in Italian); they start where
        // the name does, as its words do (they started in the turn mark's column, 23 px left of it).
        await page.locator('html').evaluate((h) => (h.style.fontSize = '125%'));
        const wrappedBadges = () =>
          page.locator('.others [data-seat] .head').evaluateAll((heads) =>
            heads.flatMap((head) => {
              const name = head.querySelector('.name')!.getBoundingClientRect();
              return [...head.querySelectorAll(':scope > .badge')]
                .map((b) => b.getBoundingClientRect())
                .filter((b) => b.top > (name.top + name.bottom) / 2)
                .map((b) => ({ name: name.left, badge: b.left }));
            }),
          );
        if (locale === 'it-IT')
          await expect
            .poll(async () => (await wrappedBadges()).length, { message: 'a badge wrapped under a name' })
            .toBeGreaterThan(0);
        const wrapped = await wrappedBadges();
        for (const w of wrapped)
          expect(Math.abs(w.badge - w.name), `a wrapped badge: ${JSON.stringify(w)}`).toBeLessThanOrEqual(1);
        await page.locator('html').evaluate((h) => (h.style.fontSize = ''));
        expect(p.errors).toEqual([]);
      },
    );

    /*
     * A folded row is one line: a bot's badge gives way to the name (its level cut, down to its icon) before
     * the name does, so each name keeps its first letters (4.5em) however large the text; the badge never
     * wraps its level under its icon (a row twice as tall).
     */
    it.each(FOLDED)(
      'folded rows of long-named bots in $locale: names keep their first letters',
      async ({ id, locale }) => {
        const p = await sit(id, PHONES[0], locale);
        const { page } = p;
        await page.locator('.panel.mine').waitFor();
        const rows = () =>
          page.locator('.others .fold').evaluateAll((els) =>
            els.map((el) => {
              const name = el.querySelector('.name')!;
              const em = parseFloat(getComputedStyle(name).fontSize);
              const badge = el.querySelector('.botbadge')!.getBoundingClientRect();
              const line = name.getBoundingClientRect();
              return {
                name: name.textContent,
                shownEm: +(line.width / em).toFixed(2),
                // One line: its level never goes under its icon (the pill was twice the name's height).
                badgeOneLine: badge.height <= line.height * 1.25,
              };
            }),
          );
        for (const size of ['', '125%', '150%']) {
          await page.locator('html').evaluate((h, s) => (h.style.fontSize = s), size);
          // The layout follows the text size at the next frames.
          await page.evaluate(
            () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
          );
          const shown = await rows();
          await page.screenshot({ path: join(shots, `phone-folded-${locale}-${size || '100%'}.png`) });
          expect(shown).toHaveLength(3);
          for (const r of shown) {
            expect(r.shownEm, `${r.name} at ${size || '100%'}`).toBeGreaterThanOrEqual(4.5);
            expect(r.badgeOneLine, `${r.name}'s badge at ${size || '100%'}`).toBe(true);
          }
          // The turn's buttons: their words break between words, never inside one ("Sugg / erisci"), and
          // neither runs under the other (Pass went under Suggest at 150 % in Korean).
          const buttons = await page
            .locator('[data-testid="pass"], [data-testid="suggest"]')
            .evaluateAll((els) =>
              els.map((b) => {
                const broken: string[] = [];
                const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
                for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                  for (const m of n.textContent!.matchAll(/\S+/g)) {
                    const r = document.createRange();
                    r.setStart(n, m.index);
                    r.setEnd(n, m.index + m[0].length);
                    if (new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size > 1)
                      broken.push(m[0]);
                  }
                }
                const all = document.createRange();
                all.selectNodeContents(b);
                const text = all.getBoundingClientRect();
                const box = b.getBoundingClientRect();
                return { broken, box: box.toJSON() as DOMRect, inside: text.right <= box.right + 1 };
              }),
            );
          expect(buttons).toHaveLength(2);
          const at = size || '100%';
          expect(
            buttons.flatMap((b) => b.broken),
            `words broken at ${at}`,
          ).toEqual([]);
          expect(
            buttons.map((b) => b.inside),
            `each button's words inside it at ${at}`,
          ).toEqual([true, true]);
          const [pass, suggest] = buttons.map((b) => b.box);
          const apart =
            pass.right <= suggest.left + 1 ||
            suggest.right <= pass.left + 1 ||
            pass.bottom <= suggest.top + 1 ||
            suggest.bottom <= pass.top + 1;
          expect(apart, `Pass ${JSON.stringify(pass)} and Suggest ${JSON.stringify(suggest)} at ${at}`).toBe(
            true,
          );
          await page
            .getByTestId('pass')
            .locator('xpath=ancestor::section[1]')
            .screenshot({ path: join(shots, `phone-folded-${locale}-${size || '100%'}-turn.png`) });
        }
        await page.locator('html').evaluate((h) => (h.style.fontSize = ''));
        expect(p.errors).toEqual([]);
      },
    );

    /*
     * The bar at a table: the table's name goes over two lines of smaller type beside the tools, whole for an
     * evening's table at 360 and 390 px (on one line it showed its code only, "1A · …"), the bar one row.
     */
    it.each(NAMED)('the table’s name in the bar at 360 and 390 px in $locale', async ({ locale, name }) => {
      const p = await sit(`named-${locale}`, PHONES[0], locale);
      const { page } = p;
      await page.locator('.panel.mine').waitFor();
      for (const size of PHONES.slice(0, 2)) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const tname = page.locator('header.bar .tname');
        await expect(tname.textContent().then((t) => t?.trim())).resolves.toBe(name);
        await page.screenshot({
          path: join(shots, `phone-bar-${size.width}-${locale}.jpg`),
          clip: { x: 0, y: 0, width: size.width, height: 120 },
        });
        // Polled: the bar settles a frame or more after the window's new size (a screenshot's time had hidden that).
        const fits = () =>
          tname.evaluate((el) => ({
            wide: el.scrollWidth <= el.clientWidth + 1,
            tall: el.scrollHeight <= el.clientHeight + 1,
          }));
        await expect
          .poll(fits, { message: `${name} whole at ${size.width} px` })
          .toEqual({ wide: true, tall: true });
        const bar = await page.locator('header.bar').boundingBox();
        expect(bar!.height, 'one row').toBeLessThan(64);
        await expect(page.locator('html').evaluate((h) => h.scrollWidth)).resolves.toBeLessThanOrEqual(
          size.width,
        );
      }
      expect(p.errors).toEqual([]);
    });

    /*
     * "The table moved to …" (after a hand-over, for 12 s): on a phone or a tablet it sits at the top, over the
     * bar. At the bottom it covered the turn's buttons; whole at the top (three lines) it hid the first
     * opponent's row. It says its short form within the bar's height, the whole notice read by a screen
     * reader; the hand, every button and every opponent stay in sight and free; it closes with its button.
     */
    it.each(MOVED)(
      'the table-moved notice at $size.width×$size.height in $locale leaves the opponents, the hand and the buttons free',
      async ({ id, size, locale, whole }) => {
        const p = await stage.player(`Ada ${id}`, size.width, size.height, { locale, ...PHONE_TRAITS });
        const { page } = p;
        const q = new URLSearchParams({ moved: '보라의 노트북', seat: '0', token: token(id) });
        await page.goto(`${stage.served.url}#/table/${id}?${q.toString()}`);
        await page.locator('.panel.mine').waitFor();
        const notice = page.getByTestId('notice');
        await notice.waitFor();
        await expect(notice.textContent()).resolves.toContain('보라의 노트북');
        await shot(page, `${size.width}-moved-notice-${locale}`);
        const bar = (await page.locator('header.bar').boundingBox())!;
        const box = (await notice.boundingBox())!;
        expect(box.y + box.height, 'the notice within the bar').toBeLessThanOrEqual(bar.y + bar.height + 0.5);
        const free = [
          { label: "an opponent's seat", selector: '.others [data-seat]', all: true },
          { label: 'your hand', selector: '.my-hand .hand', all: true },
          { label: 'a hand card', selector: '.my-hand button.card', all: true },
          { label: 'Play', selector: '[data-testid="play"]' },
          { label: 'Discard', selector: '[data-testid="discard"]' },
          { label: 'the notice', selector: '[data-testid="notice"]' },
          { label: 'its close button', selector: '[data-testid="notice"] button' },
        ];
        expect(await offScreen(page, free)).toEqual([]);
        // A screen reader hears it whole: the short form on screen is hidden from it.
        await expect(notice.locator('.full').textContent()).resolves.toContain(whole);
        await expect(notice.locator('.short').getAttribute('aria-hidden')).resolves.toBe('true');
        // A card selected while the notice is up: its verdicts (a tablet: its preview) and the buttons, free too.
        await page.locator('.my-hand [data-card="Y6"]').tap();
        const preview = size.width < 768 ? 'previews-fold' : 'play-preview';
        await page.getByTestId(preview).waitFor();
        expect(
          await offScreen(page, [...free, { label: 'the preview', selector: `[data-testid="${preview}"]` }]),
        ).toEqual([]);
        expect(seriousTargets(await axeViolations(page, '.toasts'))).toEqual([]);
        await notice.getByRole('button').tap();
        await notice.waitFor({ state: 'detached' });
        expect(p.errors).toEqual([]);
      },
    );

    /*
     * A play staged: the cards that can do nothing now are striped, and a phone or a tablet says what the
     * stripes mean in a key on the dashed line above the hand (a caption's row pushed Confirm and Undo off a
     * 360×740 screen). The key, Confirm, Undo, Discard and the hand in sight at once, a striped card tapped
     * too (its verdict takes a line); a screen reader hears it in each striped card's name. A desktop shows
     * no key (a mouse's pointer).
     */
    it.each(STRIPED)(
      'a play staged at $size.width×$size.height in $locale: what the stripes mean, in sight',
      async ({ id, size, locale }) => {
        const p = await sit(id, size, locale);
        const { page } = p;
        await page.locator('.panel.mine').waitFor();
        const key = page.getByTestId('stripes-key');
        await expect(key.count()).resolves.toBe(0);
        const tap = (selector: string) =>
          size.phone
            ? page.locator(selector).first().tap({ force: true })
            : page.locator(selector).first().click({ force: true });
        await tap('.my-hand [data-card="Y6"]');
        await tap('[data-testid="play"]');
        await page.getByTestId('confirm-turn').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        const striped = page.locator('.my-hand button.card.disabled');
        await expect(striped.count()).resolves.toBeGreaterThan(0);
        const blocked = { en: 'Can do nothing now', it: 'Ora non si può usare', ko: '지금은 쓸 수 없음' }[
          locale.slice(0, 2)
        ]!;
        for (const name of await striped.evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label'))))
          expect(name).toContain(blocked);
        await shot(page, `${size.width}-striped-${locale}`);
        if (!size.phone) {
          await expect(key.isVisible()).resolves.toBe(false);
          expect(p.errors).toEqual([]);
          return;
        }
        const inSight = [
          { label: "the stripes' key", selector: '[data-testid="stripes-key"]' },
          { label: 'Confirm turn', selector: '[data-testid="confirm-turn"]' },
          { label: 'Undo', selector: '[data-testid="undo"]' },
          { label: 'Discard', selector: '[data-testid="discard"]' },
          { label: 'a hand card', selector: '.my-hand button.card', all: true },
          { label: 'the rule', selector: '[data-testid="rule-name"]' },
        ];
        // Polled: the panel settles a frame or more after Confirm shows (a screenshot's time had hidden that).
        await expect.poll(() => offScreen(page, inSight)).toEqual([]);
        const wide = await key.evaluate((el) => ({
          one: el.scrollWidth <= el.clientWidth + 1,
          line: el.getBoundingClientRect().height < 24,
        }));
        expect(wide, 'the key on one line').toEqual({ one: true, line: true });
        // A striped card tapped: its verdict says why, a line more; all of it still in sight. A tablet's turn panel
        // is a desktop's, under the felt, with the selected card's previews whole: there the reasons under the
        // buttons, which the previews say already, stay for screen readers (in Italian they pushed Confirm off).
        await tap('.my-hand button.card.disabled');
        await page
          .locator(size.width < 768 ? '[data-testid="previews-fold"]' : '.panel.mine .previews')
          .waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, `${size.width}-striped-tapped-${locale}`);
        await expect.poll(() => offScreen(page, inSight)).toEqual([]);
        expect(p.errors).toEqual([]);
      },
    );

    /*
     * Who leads, with long names cut: a cut name's "…" meets the words after it with no gap ("(Bartolom… )"
     * left up to a character's width, a Korean syllable's the widest), and the ")" or the particle after it
     * stays on its line (a ")." went alone to the next line).
     */
    it.each(BRACKETED)('who leads in $locale: a cut name ends at its "…"', async ({ id, locale, size }) => {
      const p = await sit(id, size, locale);
      const { page } = p;
      await page.locator('.panel.mine').waitFor();
      const leader = page.locator('.news [data-testid="leader"]');
      await shot(page, `${size.width}-leader-${locale}`);
      const cuts = () =>
        leader.locator('[data-name]').evaluateAll((els) =>
          els
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => {
              // The browser draws the characters that fit with the "…" after them, then the "…".
              const box = el.getBoundingClientRect();
              const dots = document.createElement('span');
              dots.textContent = '…';
              el.after(dots);
              const dotsWidth = dots.getBoundingClientRect().width;
              dots.remove();
              // The name's own text (the node among the empty ones Vue leaves around a slot).
              const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent)!;
              const range = document.createRange();
              let end = box.left;
              for (let i = 0; i < text.textContent!.length; i++) {
                range.setStart(text, i);
                range.setEnd(text, i + 1);
                const r = range.getBoundingClientRect();
                if (r.right + dotsWidth > box.right + 0.5) break;
                end = r.right;
              }
              const next = el.nextElementSibling?.getBoundingClientRect() ?? null;
              return {
                name: el.getAttribute('data-name'),
                gap: Math.round(box.right - (end + dotsWidth)),
                nextOnItsLine: !next || Math.abs(next.top - box.top) < box.height / 2,
              };
            }),
        );
      await expect.poll(async () => (await cuts()).length, { message: 'a long name is cut' }).toBe(2);
      for (const c of await cuts())
        expect({ ...c, gap: c.gap <= 1 }, JSON.stringify(c)).toEqual({
          ...c,
          gap: true,
          nextOnItsLine: true,
        });
      expect(p.errors).toEqual([]);
    });

    it('the host goes away: the board greys with "Reconnecting…" over it', async () => {
      const p = await sit('reconnect', PHONES[1]);
      const { page } = p;
      await page.locator('.panel.mine').waitFor();
      // With reduced motion a moving card fades in where it lands instead of flying.
      const played = await playSomeCard(page);
      await expect.poll(async () => (await flightsOf(page)).filter((f) => f.card === played)).not.toEqual([]);
      for (const f of (await flightsOf(page)).filter((x) => x.card))
        expect(f.keyframes, `${f.card} fades`).not.toContain('translate');
      // A question open as the link drops: it stays in front of the notice, its Yes waits, No still answers.
      const pass = page.getByTestId('pass');
      await pass.waitFor({ timeout: 15_000 }); // the bot has played
      await pass.tap();
      const question = page.getByRole('dialog');
      await question.waitFor();
      await stage.served.close();
      const veil = page.getByTestId('reconnect-overlay');
      await veil.waitFor({ timeout: 10_000 });
      await expect.poll(() => page.getByTestId('confirm-yes').isDisabled()).toBe(true);
      // The notice says it in words: the bar's badge is its dot alone, the table's name keeps its room.
      await expect(page.getByTestId('connection').locator('.short').isVisible()).resolves.toBe(false);
      await shot(page, '390-2p-reconnecting-question');
      const inFront = await veil.evaluate((v) => {
        const r = v.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return top?.closest('.backdrop') ? 'the question' : (top?.outerHTML.slice(0, 80) ?? 'nothing');
      });
      expect(inFront, 'what is drawn in front of the notice').toBe('the question');
      await page.getByTestId('confirm-no').tap();
      await question.waitFor({ state: 'detached' });
      await expect(veil.textContent()).resolves.toMatch(/Reconnecting…|Connection lost/);
      await expect(
        page.locator('.felt').evaluate((f) => f.ownerDocument.defaultView!.getComputedStyle(f).filter),
      ).resolves.toContain('grayscale');
      await inViewport(page, veil, 'the reconnect notice');
      await shot(page, '390-2p-reconnecting');
      // A phone cannot look for a host that came back elsewhere: after a few attempts it asks for the address.
      const moved = page.getByTestId('host-moved');
      await moved.waitFor({ timeout: 15_000 });
      await expect(moved.textContent()).resolves.toContain('type its new address');
      await expect(page.getByLabel('The host’s new address').count()).resolves.toBe(1);
      await inViewport(page, page.getByTestId('host-moved-open'), 'the new address button');
      await page.screenshot({ path: `${MOVED_SHOTS}/phone-host-moved-390x844-en.jpg` });
      expect(seriousTargets(await axeViolations(page, '[data-testid="reconnect-overlay"]'))).toEqual([]);
      p.errors.length = 0; // the lost socket logs to the console; that is expected here
    });
  },
);
