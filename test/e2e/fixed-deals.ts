/**
 * The host's ids module with its shuffle seeds drawn in turn from `seeds` instead of at random. A file that
 * plays a game through the UI mocks the module with it, so that its game deals the same cards every run:
 *
 *   vi.mock('../../main/host/ids', async (original) =>
 *     (await import('./fixed-deals')).dealtFrom(await original(), [SEED]));
 *
 * The rest of the game follows from the deal (a bot's choice from its view and the move count, a person's
 * from what the screen shows), so it is the same game, of the same length, each time: a random deal made
 * a file's time vary by a factor of three.
 */
export function dealtFrom<T extends { newSeed: () => number }>(ids: T, seeds: readonly number[]): T {
  let next = 0;
  return { ...ids, newSeed: () => seeds[next++ % seeds.length] };
}
