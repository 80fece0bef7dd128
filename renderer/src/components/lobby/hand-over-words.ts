import type { HandOverFailure, RefusedTable } from '../../../../shared/protocol/hand-over-failure';
import { PROTOCOL_VERSION } from '../../../../shared/protocol/version';

type Translate = (key: string, named: Record<string, unknown>) => string;

/**
 * A hand-over's failure as the person reads it, in their language: worded from its code, never from the
 * host's English (which stays a technical detail). `to` names the other computer when the host did not.
 * `theirProtocol`, the other host's protocol when this page knows it, says which of the two is older when
 * their versions differ: "update the older app" left the person to find out which.
 */
export function failureSentence(
  t: Translate,
  failure: HandOverFailure,
  to: string,
  theirProtocol?: number | null,
): string {
  let key: string = failure.code;
  if (key === 'version' && theirProtocol != null && theirProtocol !== PROTOCOL_VERSION)
    key = theirProtocol < PROTOCOL_VERSION ? 'versionOlder' : 'versionNewer';
  return t(`handOver.failure.${key}`, {
    name: failure.name ?? to,
    address: failure.address ?? to,
  });
}

/** Why a table stayed, from its code; an older receiver's (no code) reads as a plain refusal. */
export function refusedSentence(t: Translate, table: RefusedTable): string {
  const code = table.code ?? 'other';
  if (code === 'damaged' && table.line !== undefined)
    return t('handOver.refusedWhy.damagedLine', { line: table.line });
  return t(`handOver.refusedWhy.${code}`, { line: table.line ?? '?' });
}
