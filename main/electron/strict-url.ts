/**
 * `url` parsed, when it is exactly `<protocol>//<one of hosts>/…`: the default port, no user name or
 * password (an `https://asmadigames.com@evil.example/` names evil.example); null for anything else.
 */
export function strictUrl(
  url: string | null | undefined,
  protocol: `${string}:`,
  hosts: readonly string[],
): URL | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const exact =
    parsed.protocol === protocol &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === '' &&
    hosts.includes(parsed.hostname);
  return exact ? parsed : null;
}
