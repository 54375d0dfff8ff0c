/**
 * One spelling per URL, so the same link reported twice, reviewed, or imported as malicious is
 * one row: trimmed, scheme and host lowercased, default port and fragment dropped.
 */
export function normaliseUrl(input: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // WHATWG URL already lowercases scheme and host and drops the scheme's default port.
  url.hash = '';
  return url.href;
}

/** Normalises every input or throws naming the first bad one, so nothing is half-imported. */
export function normaliseAll(inputs: readonly string[], onBad: (message: string) => Error): string[] {
  const out = new Set<string>();
  inputs.forEach((input, index) => {
    const url = normaliseUrl(input);
    if (!url) throw onBad(`urls.${index}: not an http(s) URL: ${input.slice(0, 200)}`);
    out.add(url);
  });
  return [...out];
}
