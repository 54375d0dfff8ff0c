/** The warnings about one URL, each in words a reviewer can act on, in the page language. */
import { useT } from '@web/hooks/use-t';
import type { HostInfo } from '../lib/host-inspection';
import { formatList, scriptName } from '../lib/locale-format';
import type { UrlFinding } from '../lib/url-findings';

export function UrlFindingsList({
  findings,
  host,
  realHost,
}: {
  findings: readonly UrlFinding[];
  host: HostInfo | null;
  realHost: string | null;
}) {
  const { t, i18n } = useT();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const lines = findings.map((finding) => {
    switch (finding.kind) {
      case 'userinfo':
        return t('poll.findingUserinfo', { userinfo: finding.userinfo, host: realHost ?? '' });
      case 'brandSubdomain':
        return t('poll.findingBrandSubdomain', { brand: finding.brand, host: realHost ?? '' });
      case 'obfuscatedIp':
        return t('poll.findingObfuscatedIp', { written: finding.written, host: realHost ?? '' });
      case 'ipHost':
        return t('poll.findingIpHost');
      case 'shortener':
        return t('poll.findingShortener');
      case 'port':
        return t('poll.findingPort', { port: finding.port });
      case 'scheme':
        return t('poll.findingScheme', { scheme: finding.scheme });
      case 'longHost':
        return t('poll.findingLongHost', { length: finding.length });
    }
  });
  if (host?.mixedScripts) {
    const scripts = formatList(
      host.scripts.map((s) => scriptName(s, language)),
      language,
    );
    lines.push(t('poll.mixedScripts', { scripts }));
  }
  if (host?.lookalike) lines.push(t('poll.lookalike', { host: host.lookalike }));
  if (lines.length === 0) return null;
  return (
    <ul className="review-warnings">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
