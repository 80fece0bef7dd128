import { gameFacts, playerStats } from '../../../shared/record';
import type { GameFacts, PlayerStats } from '../../../shared/record';
import type { GameArchive } from './archive';

export interface StatsQuery {
  /** Only games finished at or after this time (ms): "tonight". */
  since?: number;
}

export interface StatsAnswer {
  /** Games counted. */
  games: number;
  players: PlayerStats[];
}

/** Games listed per step of the walk over the archive's list (in memory: no request is paged). */
const PAGE = 500;

/**
 * Stats over the archive, computed at the host with the shared playerStats. Each game's facts (a few
 * hundred bytes) are worked out once, the first time asked, and kept: a record never changes, so later
 * answers replay nothing. Records are read one at a time (each read awaits the disk, so the event loop
 * runs between games: a first answer over 500 games takes seconds but never stalls a game in play), and
 * concurrent requests share one pass. A game pruned from the archive is dropped here too.
 */
export class HistoryStats {
  private readonly facts = new Map<string, GameFacts | null>();
  private pass: Promise<void> | null = null;

  constructor(private readonly archive: Pick<GameArchive, 'list' | 'read'>) {}

  async stats({ since }: StatsQuery): Promise<StatsAnswer> {
    const listed = await this.update();
    const games = listed.flatMap((id) => {
      const f = this.facts.get(id);
      return f && (since === undefined || Date.parse(f.finishedAt) >= since) ? [f] : [];
    });
    return { games: games.length, players: playerStats(games) };
  }

  /** Every listed game's id, each one's facts known (null: it could not be read or replayed). */
  private async update(): Promise<string[]> {
    while (this.pass) await this.pass;
    const ids = this.listedIds();
    const missing = ids.filter((id) => !this.facts.has(id));
    if (missing.length) {
      this.pass = (async () => {
        for (const id of missing) {
          const record = await this.archive.read(id).catch(() => null);
          this.facts.set(id, record ? gameFacts(record) : null);
        }
      })().finally(() => (this.pass = null));
      await this.pass;
    }
    const kept = new Set(ids);
    for (const id of this.facts.keys()) if (!kept.has(id)) this.facts.delete(id);
    return ids;
  }

  private listedIds(): string[] {
    const ids: string[] = [];
    let page = this.archive.list({ limit: PAGE });
    for (;;) {
      ids.push(...page.games.map((g) => g.id));
      if (page.next === null) return ids;
      const dot = page.next.indexOf('.');
      page = this.archive.list({
        limit: PAGE,
        after: { finishedMs: Number(page.next.slice(0, dot)), id: page.next.slice(dot + 1) },
      });
    }
  }
}
