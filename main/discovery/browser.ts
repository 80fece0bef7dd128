import type { RemoteInfo } from 'node:dgram';
import type Bonjour from 'bonjour-service';
import { mdnsOf, type DnsPacket } from './bonjour-internals';
import { InterfacePool } from './interfaces';
import { readResponse } from './response';
import { closeBonjour, openBonjour, warnOnce } from './socket';
import { TableList } from './table-list';
import { SERVICE_DOMAIN, type BrowseEvent, type BrowseOptions, type TableBrowser } from './types';

const DEFAULT_EXPIRE_MS = 7000;
const DEFAULT_RESCAN_MS = 5000;
const STOP_MS = 500;

/**
 * Watches the LAN for tables on every IPv4 interface. bonjour-service's own Browser keeps a
 * record for its TTL (8 hours for the PTR) and never notices a host that died without a
 * goodbye, so this asks again every requeryMs and drops what nobody answered for expireMs.
 */
export function browseTables(onEvent: (e: BrowseEvent) => void, opts: BrowseOptions = {}): TableBrowser {
  const expireMs = opts.expireMs ?? DEFAULT_EXPIRE_MS;
  const requeryMs = opts.requeryMs ?? Math.max(100, Math.round(expireMs / 3));
  if (!(expireMs > 0) || !(requeryMs > 0) || requeryMs >= expireMs)
    throw new RangeError('browse: expireMs and requeryMs must be positive, requeryMs below expireMs');
  const onError = opts.onError ?? warnOnce();
  let stopped = false;
  const list = new TableList(expireMs, (event) => {
    if (stopped) return;
    try {
      onEvent(event);
    } catch (err) {
      onError(new Error(`browse: the event listener failed: ${(err as Error).message}`));
    }
  });

  // Every socket on the machine may receive every packet (one per interface): the list is
  // idempotent, so the copies change nothing. Packets come from anyone on the LAN: nothing in
  // one may throw out of the socket's handler, which would take the process down.
  const onResponse = (packet: DnsPacket, rinfo: RemoteInfo) => {
    try {
      const now = Date.now();
      const content = readResponse(packet, rinfo.address);
      for (const key of content.goodbyes) list.goodbye(key, now);
      for (const sighting of content.sightings) list.seen(sighting, now);
      for (const key of content.alive) list.alive(key, rinfo.address, now);
    } catch (err) {
      onError(new Error(`browse: unreadable answer from ${rinfo.address}: ${(err as Error).message}`));
    }
  };
  const query = (bonjour: Bonjour) =>
    mdnsOf(bonjour).query(SERVICE_DOMAIN, 'PTR', (err) => {
      if (err) onError(err);
    });

  const pool = new InterfacePool<Bonjour>(
    (address) => {
      const bonjour = openBonjour(address, onError);
      mdnsOf(bonjour).on('response', onResponse);
      query(bonjour);
      return bonjour;
    },
    (bonjour) => void closeBonjour(bonjour, STOP_MS),
  );
  pool.start(opts.rescanMs ?? DEFAULT_RESCAN_MS, onError);

  const requery = setInterval(() => pool.values().forEach(query), requeryMs);
  // Checking a few times per expiry period keeps removal within expireMs + expireMs / 4.
  const expiry = setInterval(() => list.expire(Date.now()), Math.max(50, Math.min(500, expireMs / 4)));
  requery.unref();
  expiry.unref();

  return {
    tables: () => list.tables(),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(requery);
      clearInterval(expiry);
      await Promise.all(pool.drain().map((bonjour) => closeBonjour(bonjour, STOP_MS)));
    },
  };
}
