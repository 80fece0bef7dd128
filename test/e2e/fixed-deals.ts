/**
 * Shuffle seeds drawn in turn from `seeds` instead of at random, for the host's `seeds` option. A file that
 * plays a game through the UI gives its host these, so that its game deals the same cards every run:
 *
 *   describeInChromium('…', { host: { seeds: fixedDeals([SEED]) } }, (stage) => …);
 *
 * The rest of the game follows from the deal (a bot's choice from its view and the move count, a person's
 * from what the screen shows), so it is the same game, of the same length, each time: a random deal made
 * a file's time vary by a factor of three.
 */
export function fixedDeals(seeds: readonly number[]): () => number {
  let next = 0;
  return () => seeds[next++ % seeds.length];
}
