/**
 * The only pages the app opens outside itself, in the user's browser: the rules' publisher.
 * https only, exact host names; anything else is dropped.
 */
export const EXTERNAL_HOSTS: readonly string[] = ['asmadigames.com', 'www.asmadigames.com'];

export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === '' &&
    EXTERNAL_HOSTS.includes(parsed.hostname)
  );
}
