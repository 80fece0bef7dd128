import type { TableSummary } from '../../shared/protocol';
import type { Publisher, TableAd } from './types';

export const adOf = (t: TableSummary): TableAd => ({
  id: t.id,
  name: t.name,
  players: t.players,
  seats: t.seats,
  state: t.state,
  ...(t.locked ? { locked: true } : {}),
  ...(t.hasCode ? { hasCode: true } : {}),
});

/** Makes the publisher announce exactly these tables: new ones published, changed ones updated, gone ones said goodbye to. */
export function syncAds(publisher: Publisher, tables: TableSummary[]): void {
  const wanted = new Map(tables.map((t) => [t.id, adOf(t)]));
  for (const ad of publisher.ads()) if (!wanted.has(ad.id)) publisher.unpublish(ad.id);
  const known = new Set(publisher.ads().map((ad) => ad.id));
  for (const ad of wanted.values()) {
    if (known.has(ad.id)) publisher.update(ad);
    else publisher.publish(ad);
  }
}
