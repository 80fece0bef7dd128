import type { MovedTo } from '../../../shared/protocol';

/**
 * Where this host's tables went in hand-overs, in memory while it runs: a token of theirs brought back here
 * is told where its table went (a phone asleep during the move), and the lobby list says where the last
 * hand-over took them, so a page opened here later does not just say "no tables".
 */
export class MovedAway {
  private readonly byToken = new Map<string, { tableId: string; to: MovedTo }>();
  private lastTo: MovedTo | null = null;

  /** The table went to `to`: each of its seats' tokens (by hash) will be told so. */
  table(tableId: string, tokenHashes: readonly string[], to: MovedTo): void {
    for (const hash of tokenHashes) this.byToken.set(hash, { tableId, to });
  }

  /** A hand-over took this host's tables to `to`. */
  wentTo(to: MovedTo): void {
    this.lastTo = to;
  }

  /** Where the table this token (by hash) opened a seat at went; null if none went. */
  of(tokenHash: string): { tableId: string; to: MovedTo } | null {
    return this.byToken.get(tokenHash) ?? null;
  }

  /** Where the last hand-over took this host's tables; null if none has. */
  get last(): MovedTo | null {
    return this.lastTo;
  }
}
