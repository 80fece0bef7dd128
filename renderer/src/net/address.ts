/** Where a host listens: what the lobby stores and what a ws URL is built from. */
export interface HostAddress {
  address: string;
  port: number;
}

export const DEFAULT_PORT = 47470;

/** ws://address:port/ws, with IPv6 literals bracketed. */
export function wsUrl(host: HostAddress, secure = false): string {
  const addr =
    host.address.includes(':') && !host.address.startsWith('[') ? `[${host.address}]` : host.address;
  return `${secure ? 'wss' : 'ws'}://${addr}:${host.port}/ws`;
}

/** http://address:port/ — the page a host serves (the renderer, for browsers). */
export function httpUrl(host: HostAddress): string {
  const addr =
    host.address.includes(':') && !host.address.startsWith('[') ? `[${host.address}]` : host.address;
  return `http://${addr}:${host.port}/`;
}

export type ParsedAddress =
  { ok: true; host: HostAddress } | { ok: false; reason: 'empty' | 'invalid' | 'port' };

/**
 * Reads what a player types in "join by address": `10.0.0.5`, `10.0.0.5:47470`, `red.local:5000`,
 * `[fe80::1]:47470`, or a pasted `http://10.0.0.5:47470/` link.
 */
export function parseAddress(text: string): ParsedAddress {
  let s = text.trim();
  if (!s) return { ok: false, reason: 'empty' };
  s = s.replace(/^(https?|wss?):\/\//i, '').replace(/\/.*$/, '');
  let address: string;
  let portText: string | undefined;
  const v6 = /^\[([0-9a-fA-F:.%\w]+)\](?::(\d*))?$/.exec(s);
  if (v6) {
    address = v6[1];
    portText = v6[2];
  } else if ((s.match(/:/g) ?? []).length > 1) {
    address = s; // a bare IPv6 address, without port
  } else {
    [address, portText] = s.split(':');
  }
  if (!/^[\w.-]+$|:/.test(address) || address.length > 253) return { ok: false, reason: 'invalid' };
  if (portText === undefined || portText === '') return { ok: true, host: { address, port: DEFAULT_PORT } };
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) return { ok: false, reason: 'port' };
  return { ok: true, host: { address, port } };
}
