import type { HandOverFailure, RefusedTable } from '../../../../shared/protocol/hand-over-failure';

type Translate = (key: string, named: Record<string, unknown>) => string;

/**
 * A hand-over's failure as the person reads it, in their language: worded from its code, never from the
 * host's English (which stays a technical detail). `to` names the other computer when the host did not.
 */
export function failureSentence(t: Translate, failure: HandOverFailure, to: string): string {
  return t(`handOver.failure.${failure.code}`, {
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
