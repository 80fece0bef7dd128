/**
 * Which seat each token opens, across every table. Only sha256(token) is kept, so neither memory nor a
 * copied data folder hands out seats.
 */
export class SeatTokens {
  private readonly seats = new Map<string, { tableId: string; seat: number }>();

  grant(tokenHash: string, tableId: string, seat: number): void {
    this.seats.set(tokenHash, { tableId, seat });
  }

  /** Voids a token (a seat given up, a vote-out, a table removed). */
  revoke(tokenHash: string | null): void {
    if (tokenHash) this.seats.delete(tokenHash);
  }

  find(tokenHash: string): { tableId: string; seat: number } | undefined {
    return this.seats.get(tokenHash);
  }
}
