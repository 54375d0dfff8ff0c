/** /phish: the simulated phishing page, then on to the first learning step. */
import { useCallback } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { postEvent } from '../api/events';
import { BuiltinSignIn } from './builtin-sign-in';
import { useJourneyData } from './journey-context';
import { TemplateFrame } from './template-frame';
import { useClickBeacon } from './use-click-beacon';
import { useJourneyNav } from './use-journey-nav';

export function TemplatePage() {
  const data = useJourneyData();
  const { goNext } = useJourneyNav('template');
  const hasTemplate = data.phishing.has_template;
  const sendClick = useClickBeacon(data.rid, hasTemplate ? 'template' : 'builtin');
  useDocumentTitle(data.phishing.brand || '\u200b');

  const onSubmitted = useCallback(
    (fields: string[]) => {
      // A submit is a gesture too; then the field names, and on whatever the outcome.
      sendClick('user_gesture');
      postEvent({ rid: data.rid, type: 'submitted', details: { fields } })
        .catch(() => undefined)
        .finally(goNext);
    },
    [data.rid, goNext, sendClick],
  );
  const onGesture = useCallback(
    (gesture: 'pointer' | 'key' | 'touch') => sendClick('user_gesture', gesture),
    [sendClick],
  );

  if (hasTemplate) {
    return <TemplateFrame src={data.phishing.template_url} onSubmitted={onSubmitted} onGesture={onGesture} />;
  }
  return <BuiltinSignIn brand={data.phishing.brand} logo={data.phishing_logo} onSubmitted={onSubmitted} />;
}
