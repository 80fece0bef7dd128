// Two tournament runs on the same deals, compared game by game: the focus player's win in each (deal, seat)
// of the second run less that in the first, with a normal 95 % interval. Pairing removes the deals' luck,
// which both runs share, so a smaller difference shows than between two separate rates.
//   node --import tsx test/bench/paired.ts first.err second.err   (each: a run's stderr, one pairing)
import { readFileSync } from 'node:fs';

/** The focus player's win by `deal/seat`, from the one line per game the tournament writes on stderr. */
function wins(file: string): Map<string, number> {
  const byGame = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const game = JSON.parse(line) as { deal?: number; seat?: number; win?: number };
    if (game.deal !== undefined && game.win !== undefined) byGame.set(`${game.deal}/${game.seat}`, game.win);
  }
  return byGame;
}

const [firstFile, secondFile] = process.argv.slice(2);
if (!firstFile || !secondFile) throw new Error('usage: paired.ts first.err second.err');
const first = wins(firstFile);
const second = wins(secondFile);
const games = [...first.keys()].filter((k) => second.has(k));
if (games.length < 2) throw new Error('The two runs share fewer than two games.');
const diffs = games.map((k) => second.get(k)! - first.get(k)!);
const mean = diffs.reduce((a, b) => a + b, 0) / diffs.length;
const sd = Math.sqrt(diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / (diffs.length - 1));
const half = (1.96 * sd) / Math.sqrt(diffs.length);
const rate = (m: Map<string, number>) => games.reduce((a, k) => a + m.get(k)!, 0) / games.length;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
console.log(
  JSON.stringify({
    games: games.length,
    firstWinRate: r3(rate(first)),
    secondWinRate: r3(rate(second)),
    difference: r3(mean),
    difference95: [r3(mean - half), r3(mean + half)],
  }),
);
