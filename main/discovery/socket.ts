import Bonjour from 'bonjour-service';
import { callbackWithin } from '../common/wait-at-most';
import { mdnsOf } from './bonjour-internals';

export type ErrorSink = (err: Error) => void;

/** The default error sink: each distinct message once (a VPN refusing multicast fails every query). */
export const warnOnce = (): ErrorSink => {
  const seen = new Set<string>();
  return (err) => {
    if (seen.has(err.message) || seen.size >= 100) return;
    seen.add(err.message);
    console.warn(`[discovery] ${err.message}`);
  };
};

/**
 * One Bonjour per interface address. Binding 0.0.0.0 (not the address itself) is what lets the
 * socket receive multicast queries; `interface` picks where it joins the group and sends.
 */
export function openBonjour(address: string, onError: ErrorSink): Bonjour {
  const report = (err: Error) => onError(new Error(`mDNS on ${address}: ${err.message}`));
  // The library's default error callback throws, which would take the whole app down.
  const bonjour = new Bonjour({ interface: address, bind: '0.0.0.0' } as object, report);
  const mdns = mdnsOf(bonjour);
  // 'error' (port taken, no permission) has no listener otherwise and would crash the process.
  mdns.on('error', report);
  // Warnings with a code are socket trouble (e.g. joining the group failed); the rest are
  // undecodable packets from other devices, which are not ours to report.
  mdns.on('warning', (err) => {
    if ((err as NodeJS.ErrnoException).code) report(err);
  });
  return bonjour;
}

/** Closes a Bonjour's socket; resolves when closed or after timeoutMs, whichever comes first. */
export async function closeBonjour(bonjour: Bonjour, timeoutMs: number): Promise<void> {
  await callbackWithin(timeoutMs, (done) => bonjour.destroy(done));
}
