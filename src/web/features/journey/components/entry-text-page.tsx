/** entry_text: the introduction to the questionnaire, with a Start button. */
import { useT } from '@web/hooks/use-t';
import { markIntroSeen } from '../lib/journey-steps';
import { useJourneyData } from '../hooks/journey-context';
import { JourneyStep } from './journey-step';
import { TextBlock } from './safe-html';
import { useJourneyNav } from '../hooks/use-journey-nav';

export function EntryTextPage() {
  const { t } = useT();
  const data = useJourneyData();
  const { goNext } = useJourneyNav('entry_text');
  return (
    <JourneyStep
      page="entry_text"
      title={t('entryText.title')}
      actions={
        <div className="journey-actions">
          <button
            type="button"
            className="button journey-button"
            onClick={() => {
              markIntroSeen(data.rid);
              goNext();
            }}
          >
            {t('entryText.start')}
          </button>
        </div>
      }
    >
      {data.entry_text ? (
        <TextBlock className="journey-prose" text={data.entry_text} />
      ) : (
        <p>{t('entryText.default')}</p>
      )}
    </JourneyStep>
  );
}
