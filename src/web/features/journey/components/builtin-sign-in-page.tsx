/**
 * The page behind /phish in the app: the built-in sign-in look-alike (BuiltinSignIn) with the
 * journey's click and submission reporting, then on to the first learning step.
 * A campaign's own template is not shown here: the server serves it as /phish itself, top-level
 * and sandboxed (see README "Phishing templates"). Should that lookup fail once, the app is
 * served instead and the built-in page keeps the journey going rather than leaving it blank.
 */
import { useCallback } from 'react';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { postEvent } from '../api/events';
import { BuiltinSignIn } from './builtin-sign-in';
import { useJourneyData } from '../hooks/journey-context';
import { useClickBeacon } from '../hooks/use-click-beacon';
import { useJourneyNav } from '../hooks/use-journey-nav';

export function BuiltinSignInPage() {
  const data = useJourneyData();
  const { goNext } = useJourneyNav('template');
  const reportUse = useClickBeacon(data.rid, 'builtin');
  useDocumentTitle(data.phishing.brand || '\u200b');

  const onSubmitted = useCallback(
    (fields: string[]) => {
      // A submit is a gesture too; then the field names, and on whatever the outcome.
      reportUse();
      postEvent({ rid: data.rid, type: 'submitted', details: { fields } })
        .catch(() => undefined)
        .finally(goNext);
    },
    [data.rid, goNext, reportUse],
  );

  return <BuiltinSignIn brand={data.phishing.brand} logo={data.phishing_logo} onSubmitted={onSubmitted} />;
}
