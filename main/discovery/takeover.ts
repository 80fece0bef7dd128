/**
 * Hand-over targets on the LAN: a host whose person switched "Take over tables" on announces itself as
 * `<name> (<tag>)._red7-takeover._tcp.local` (TXT: name, v, app), and is withdrawn (goodbye) when switched
 * off. A host handing its tables over browses for them. Its own service type, so lobbies that browse for
 * tables never see it. Plain Node, like the rest of discovery.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Bonjour from 'bonjour-service';
import packageJson from '../../package.json';
import type { HandOverTarget, TargetEvent } from '../../shared/desktop-api';
import { PROTOCOL_VERSION } from '../../shared/protocol/version';
import { callbackWithin } from '../common/wait-at-most';
import { browseService } from './browse-service';
import { InterfacePool } from './interfaces';
import { hostLabel } from './publisher';
import type { Sighting } from './response';
import { closeBonjour, openBonjour, warnOnce, type ErrorSink } from './socket';
import { cleanText, type TxtRecord } from './txt';

export const TAKEOVER_SERVICE_TYPE = 'red7-takeover';
export const TAKEOVER_DOMAIN = '_red7-takeover._tcp.local';

const APP_VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z.-]{1,24})?$/;
const NAME_MAX_BYTES = 64;
/** A flood of fake announcements must not grow the list without bound. */
const MAX_TARGETS = 64;
const GOODBYE_HOLD_MS = 1000;

export interface TargetAdOptions {
  /** The host's TCP port. */
  port: number;
  /** The name the sender sees (e.g. "Bo's computer"); default: this computer's name. */
  hostName?: string;
  protocol?: number;
  appVersion?: string;
  onError?: ErrorSink;
  rescanMs?: number;
}

export interface TargetAd {
  /** Goodbye on every interface, then close; resolves within timeoutMs. */
  stop(timeoutMs?: number): Promise<void>;
}

export function encodeTarget(name: string, protocol: number, appVersion?: string): TxtRecord {
  return {
    name: cleanText(name, NAME_MAX_BYTES),
    v: String(protocol),
    ...(appVersion && APP_VERSION.test(appVersion) ? { app: appVersion } : {}),
  };
}

/** Reads a target from untrusted TXT; null when its name or protocol is missing or malformed. */
export function parseTarget(txt: TxtRecord): Pick<HandOverTarget, 'name' | 'protocol' | 'appVersion'> | null {
  const name = cleanText(txt.name ?? '', NAME_MAX_BYTES);
  if (name === '' || txt.v === undefined || !/^\d{1,6}$/.test(txt.v)) return null;
  return {
    name,
    protocol: Number(txt.v),
    ...(txt.app !== undefined && APP_VERSION.test(txt.app) ? { appVersion: txt.app } : {}),
  };
}

/** Announces this host as a hand-over target on every IPv4 interface until stopped. */
export function createTargetAd(opts: TargetAdOptions): TargetAd {
  if (!Number.isInteger(opts.port) || opts.port < 1 || opts.port > 65535)
    throw new RangeError(`target port must be an integer from 1 to 65535, got ${opts.port}`);
  const onError = opts.onError ?? warnOnce();
  const name = cleanText(opts.hostName ?? '', NAME_MAX_BYTES) || hostname();
  const txt = encodeTarget(name, opts.protocol ?? PROTOCOL_VERSION, opts.appVersion ?? packageJson.version);
  // A fresh tag per announcement: switched off and on again, it is never taken for the goodbye just sent.
  const instance = `${cleanText(name, 40).replace(/[.\\]/g, '-')} (${randomBytes(3).toString('hex')})`;
  const pool = new InterfacePool<Bonjour>(
    (address) => {
      const bonjour = openBonjour(address, onError);
      bonjour.publish({
        name: instance,
        type: TAKEOVER_SERVICE_TYPE,
        port: opts.port,
        host: `${hostLabel(hostname())}.local`,
        txt,
        probe: false,
        disableIPv6: true,
      });
      return bonjour;
    },
    (bonjour) => void closeBonjour(bonjour, 0),
  );
  pool.start(opts.rescanMs ?? 5000, onError);
  let stopping: Promise<void> | undefined;
  return {
    stop(timeoutMs = 1000) {
      stopping ??= (async () => {
        const deadline = Date.now() + timeoutMs;
        await Promise.all(
          pool.drain().map(async (bonjour) => {
            await callbackWithin(timeoutMs, (done) => bonjour.unpublishAll(done));
            await closeBonjour(bonjour, Math.max(0, deadline - Date.now()));
          }),
        );
      })();
      return stopping;
    },
  };
}

interface Entry {
  target: HandOverTarget;
  /** Source address → when it was last heard. */
  heard: Map<string, number>;
}

/** The targets heard, with expiry and goodbyes, fed with sightings and a clock (pure, like TableList). */
export class TargetList {
  private readonly entries = new Map<string, Entry>();
  private readonly held = new Map<string, number>();

  constructor(
    private readonly expireMs: number,
    private readonly emit: (event: TargetEvent) => void,
  ) {}

  targets(): HandOverTarget[] {
    return [...this.entries.values()].map((e) => ({ ...e.target }));
  }

  seen(sighting: Sighting, now: number): void {
    if ((this.held.get(sighting.key) ?? 0) > now) return;
    const ad = parseTarget(sighting.txt);
    if (!ad) return;
    const entry = this.entries.get(sighting.key);
    if (!entry && this.entries.size >= MAX_TARGETS) return;
    const heard = entry?.heard ?? new Map<string, number>();
    heard.set(sighting.address, now);
    const address = entry && heard.has(entry.target.address) ? entry.target.address : sighting.address;
    const target: HandOverTarget = { key: sighting.key, ...ad, address, port: sighting.port };
    this.entries.set(sighting.key, { target, heard });
    if (!entry) this.emit({ type: 'up', target: { ...target } });
    else if (JSON.stringify(entry.target) !== JSON.stringify(target))
      this.emit({ type: 'update', target: { ...target } });
  }

  alive(key: string, address: string, now: number): void {
    this.entries.get(key)?.heard.set(address, now);
  }

  goodbye(key: string, now: number): void {
    this.held.set(key, now + GOODBYE_HOLD_MS);
    if (this.entries.delete(key)) this.emit({ type: 'down', key });
  }

  expire(now: number): void {
    for (const [key, until] of this.held) if (until <= now) this.held.delete(key);
    for (const [key, entry] of this.entries) {
      for (const [address, at] of entry.heard) if (now - at > this.expireMs) entry.heard.delete(address);
      if (entry.heard.size > 0) continue;
      this.entries.delete(key);
      this.emit({ type: 'down', key });
    }
  }
}

export interface TargetBrowser {
  targets(): HandOverTarget[];
  stop(): Promise<void>;
}

export interface TargetBrowseOptions {
  expireMs?: number;
  rescanMs?: number;
  onError?: ErrorSink;
}

/** Watches the LAN for hand-over targets; a target not heard for expireMs (default 7 s) leaves the list. */
export function browseTargets(
  onEvent: (e: TargetEvent) => void,
  opts: TargetBrowseOptions = {},
): TargetBrowser {
  const expireMs = opts.expireMs ?? 7000;
  const browse = browseService({
    domain: TAKEOVER_DOMAIN,
    label: 'hand-over targets',
    expireMs,
    requeryMs: Math.round(expireMs / 3),
    rescanMs: opts.rescanMs ?? 5000,
    onError: opts.onError ?? warnOnce(),
    onEvent,
    makeList: (emit) => new TargetList(expireMs, emit),
  });
  return { targets: () => browse.list.targets(), stop: browse.stop };
}
