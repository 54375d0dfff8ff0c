/**
 * The red flags: a list to add to and remove from, each flag's texts and target, and a placer
 * where the operator clicks on the email or the page to say where the chosen flag points.
 */
import { useState } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import type { SeiIndicator } from '@shared/campaign';
import { nextId, replaceItem } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { FieldError } from '../fields';
import { EmailPlacer } from './email-placer';
import { PagePlacer } from './page-placer';
import { Section } from './section';
import { SeiFlagEditor } from './sei-flag-editor';

export function SeiSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const flags = draft.sei;
  const [active, setActive] = useState(0);
  const setFlags = (sei: SeiIndicator[]) => update((f) => ({ ...f, sei }));
  const setTarget = (index: number, target: SeiIndicator['target']) =>
    setFlags(replaceItem(flags, index, (flag) => ({ ...flag, target })));
  const add = () => {
    const id = nextId(
      'flag',
      flags.map((f) => f.id),
    );
    setFlags([...flags, { id, title: '', explanation: '', target: { on: draft.email ? 'email' : 'page' } }]);
    setActive(flags.length);
  };
  const placing = flags[active];

  return (
    <Section id="sei" title={t('section.sei')}>
      <FieldError path="sei" />
      {flags.map((flag, index) => (
        <SeiFlagEditor
          key={index}
          index={index}
          flag={flag}
          placing={index === active}
          onChange={(next) => setFlags(replaceItem(flags, index, () => next))}
          onPlace={() => setActive(index)}
          onRemove={() => {
            setFlags(flags.filter((_, i) => i !== index));
            setActive(0);
          }}
        />
      ))}
      <div className="button-row">
        <button type="button" className="button" onClick={add} disabled={flags.length >= 30}>
          {t('sei.add')}
        </button>
      </div>
      {placing && (
        <div className="sei-placer">
          <h3>{t('sei.placing', { number: active + 1, title: placing.title || placing.id })}</h3>
          {placing.target.on === 'email' ? (
            <EmailPlacer target={placing.target} onPlace={(target) => setTarget(active, target)} />
          ) : (
            <PagePlacer target={placing.target} onPlace={(target) => setTarget(active, target)} />
          )}
        </div>
      )}
    </Section>
  );
}
