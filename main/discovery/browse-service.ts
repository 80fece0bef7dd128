import type { RemoteInfo } from 'node:dgram';
import type Bonjour from 'bonjour-service';
import { mdnsOf, type DnsPacket } from './bonjour-internals';
import { InterfacePool } from './interfaces';
import { readResponse, type Sighting } from './response';
import { closeBonjour, openBonjour, type ErrorSink } from './socket';

const STOP_MS = 500;

/** What a browse keeps of the answers it hears: a list of tables, or of hand-over targets. */
export interface SightingList {
  seen(sighting: Sighting, now: number): void;
  alive(key: string, address: string, now: number): void;
  goodbye(key: string, now: number): void;
  expire(now: number): void;
}

export interface ServiceBrowse<L> {
  list: L;
  stop(): Promise<void>;
}

/**
 * Watches the LAN for one service type on every IPv4 interface. bonjour-service's own Browser keeps a
 * record for its TTL (8 hours for the PTR) and never notices a host that died without a goodbye, so this
 * asks again every `requeryMs` and has the list drop what nobody answered for `expireMs`. `makeList` gets
 * the function its events go out through: silent once stopped, and a listener that throws is reported,
 * never thrown into the socket's handler.
 */
export function browseService<L extends SightingList, E>(opts: {
  domain: string;
  /** Names this browse in its errors ("browse", "hand-over targets"). */
  label: string;
  expireMs: number;
  requeryMs: number;
  rescanMs: number;
  onError: ErrorSink;
  onEvent: (event: E) => void;
  makeList: (emit: (event: E) => void) => L;
}): ServiceBrowse<L> {
  const { domain, label, expireMs, onError } = opts;
  let stopped = false;
  const list = opts.makeList((event) => {
    if (stopped) return;
    try {
      opts.onEvent(event);
    } catch (err) {
      onError(new Error(`${label}: the event listener failed: ${(err as Error).message}`));
    }
  });

  // Every socket on the machine may receive every packet (one per interface): the list is
  // idempotent, so the copies change nothing. Packets come from anyone on the LAN: nothing in
  // one may throw out of the socket's handler, which would take the process down.
  const onResponse = (packet: DnsPacket, rinfo: RemoteInfo) => {
    try {
      const now = Date.now();
      const content = readResponse(packet, rinfo.address, domain);
      for (const key of content.goodbyes) list.goodbye(key, now);
      for (const sighting of content.sightings) list.seen(sighting, now);
      for (const key of content.alive) list.alive(key, rinfo.address, now);
    } catch (err) {
      onError(new Error(`${label}: unreadable answer from ${rinfo.address}: ${(err as Error).message}`));
    }
  };
  const query = (bonjour: Bonjour) =>
    mdnsOf(bonjour).query(domain, 'PTR', (err) => {
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
  pool.start(opts.rescanMs, onError);

  const requery = setInterval(() => pool.values().forEach(query), opts.requeryMs);
  // Checking a few times per expiry period keeps removal within expireMs + expireMs / 4.
  const expiry = setInterval(() => list.expire(Date.now()), Math.max(50, Math.min(500, expireMs / 4)));
  requery.unref();
  expiry.unref();

  return {
    list,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(requery);
      clearInterval(expiry);
      await Promise.all(pool.drain().map((bonjour) => closeBonjour(bonjour, STOP_MS)));
    },
  };
}
