import { strictUrl } from './strict-url';

/**
 * The only pages the app opens outside itself, in the user's browser: the rules' publisher.
 * https only, exact host names; anything else is dropped.
 */
export const EXTERNAL_HOSTS: readonly string[] = ['asmadigames.com', 'www.asmadigames.com'];

export function isAllowedExternalUrl(url: string): boolean {
  return strictUrl(url, 'https:', EXTERNAL_HOSTS) !== null;
}
