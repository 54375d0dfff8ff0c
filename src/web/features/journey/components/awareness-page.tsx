/** awareness: "this was a simulated phishing exercise", with the campaign's own content. */
import { useT } from '@web/hooks/use-t';
import { useJourneyData } from '../hooks/journey-context';
import { JourneyStep } from './journey-step';
import { SafeHtml, TextBlock } from './safe-html';
import { useRecordView } from '../hooks/use-record-view';

export function AwarenessPage() {
  const { t } = useT();
  const data = useJourneyData();
  useRecordView(data.rid, 'awareness_viewed');
  const { title, content } = data.awareness;
  return (
    <JourneyStep page="awareness" title={title || t('awareness.title')} logo={data.custom_logo || undefined}>
      {/* The built-in reassurance only stands in for missing content: operators' own awareness
          text says the same, and saying it twice reads as filler. */}
      {!content.trim() && (
        <p className="journey-lead">
          {data.first_name ? t('awareness.leadNamed', { name: data.first_name }) : t('awareness.lead')}
        </p>
      )}
      {data.typeHtml ? (
        <SafeHtml className="journey-prose" html={content} />
      ) : (
        <TextBlock className="journey-prose" text={content} />
      )}
    </JourneyStep>
  );
}
