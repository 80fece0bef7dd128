import { TABLE_STATES } from '../../shared/protocol/tables';
import type { TableAd, TableState } from './types';

/** A TXT string is at most 255 bytes including `key=`; names are cut well below that. */
const TEXT_MAX_BYTES = 200;
/** Limits a browser accepts from the network: anything beyond is a foreign or broken announcer. */
const NAME_MAX_CHARS = 100;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** An app version as package.json has it (semver, maybe with a pre-release tag); anything else is dropped. */
const APP_VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z.-]{1,24})?$/;
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export type TxtRecord = Record<string, string>;

/** An announced table as read back from TXT, before the packet's address and port are added. */
export interface TxtAd extends TableAd {
  protocol: number;
  host: string;
  /** The host's app version (TXT `app`); absent from older hosts or when malformed. */
  appVersion?: string;
}

/** Drops control characters and cuts to a byte budget on a character boundary. */
export function cleanText(text: string, maxBytes = TEXT_MAX_BYTES): string {
  let out = '';
  let bytes = 0;
  for (const char of text.replace(CONTROL, ' ').trim()) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    out += char;
  }
  return out.trim();
}

/** Refuses an ad the lobby could not show or join, with the reason. */
export function checkAd(ad: TableAd): void {
  const where = `table ad ${JSON.stringify(ad?.id)}`;
  if (typeof ad !== 'object' || ad === null) throw new TypeError('table ad must be an object');
  if (typeof ad.id !== 'string' || !ID_PATTERN.test(ad.id))
    throw new TypeError(`${where}: id must be 1-64 characters of A-Z a-z 0-9 _ -`);
  if (typeof ad.name !== 'string' || cleanText(ad.name) === '')
    throw new TypeError(`${where}: name must not be empty`);
  if (!Number.isInteger(ad.seats) || ad.seats < 1 || ad.seats > 16)
    throw new TypeError(`${where}: seats must be an integer from 1 to 16`);
  if (!Number.isInteger(ad.players) || ad.players < 0 || ad.players > ad.seats)
    throw new TypeError(`${where}: players must be an integer from 0 to seats`);
  if (!TABLE_STATES.includes(ad.state))
    throw new TypeError(`${where}: state must be one of ${TABLE_STATES.join(', ')}`);
}

export function encodeAd(ad: TableAd, protocol: number, host: string, appVersion?: string): TxtRecord {
  return {
    v: String(protocol),
    // The app's version beside the protocol's: a lobby of another version says which one the host runs.
    ...(appVersion && APP_VERSION.test(appVersion) ? { app: appVersion } : {}),
    id: ad.id,
    name: cleanText(ad.name),
    players: String(ad.players),
    seats: String(ad.seats),
    state: ad.state,
    host: cleanText(host, 64),
    // Flags only when set (a few bytes each); the code itself never leaves the host.
    ...(ad.locked ? { lock: '1' } : {}),
    ...(ad.hasCode ? { code: '1' } : {}),
  };
}

/** TXT strings as they come off the wire; a string without `=` is a boolean attribute (RFC 6763 §6.4). */
export function decodeTxt(strings: readonly Uint8Array[]): TxtRecord {
  const txt: TxtRecord = {};
  for (const raw of strings) {
    const text = Buffer.from(raw).toString('utf8');
    const eq = text.indexOf('=');
    const key = (eq === -1 ? text : text.slice(0, eq)).toLowerCase();
    // RFC 6763 §6.4: the first occurrence of a key wins.
    if (key === '' || key in txt) continue;
    txt[key] = eq === -1 ? '' : text.slice(eq + 1);
  }
  return txt;
}

function intField(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** Reads a table from untrusted TXT; null when anything is missing or out of range. */
export function parseAd(txt: TxtRecord): TxtAd | null {
  const protocol = intField(txt.v, 0, 999_999);
  const seats = intField(txt.seats, 1, 16);
  const players = intField(txt.players, 0, 16);
  const { id, state } = txt;
  const name = cleanText(txt.name ?? '');
  if (protocol === null || seats === null || players === null || players > seats) return null;
  if (id === undefined || !ID_PATTERN.test(id)) return null;
  if (!(TABLE_STATES as readonly string[]).includes(state)) return null;
  if (name === '' || Array.from(name).length > NAME_MAX_CHARS) return null;
  return {
    id,
    name,
    players,
    seats,
    state: state as TableState,
    protocol,
    host: cleanText(txt.host ?? '', 64),
    ...(txt.app !== undefined && APP_VERSION.test(txt.app) ? { appVersion: txt.app } : {}),
    ...(txt.lock === '1' ? { locked: true } : {}),
    ...(txt.code === '1' ? { hasCode: true } : {}),
  };
}
