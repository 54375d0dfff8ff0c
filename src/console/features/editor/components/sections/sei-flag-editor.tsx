/**
 * One red flag's fields (its id is made when it is added and never shown: questions and
 * translations refer to it, so it stays as it is when the title changes), including the keyboard way to say where it points: on the email an
 * element (From, Subject, text in the body), else a region in percent of the box.
 */
import { useEditorT } from '@console/hooks/use-editor-t';
import type { SeiIndicator } from '@shared/campaign';
import { optional } from '@console/features/editor/lib/draft-updates';
import { CheckboxField, NumberField, SelectField, TextField } from '../fields';
import { DEFAULT_REGION } from './placement';

type Target = SeiIndicator['target'];
type Region = NonNullable<Target['region']>;
const ELEMENTS = ['from', 'subject', 'body'] as const;
const isElement = (v: string): v is (typeof ELEMENTS)[number] => (ELEMENTS as readonly string[]).includes(v);

interface SeiFlagEditorProps {
  index: number;
  flag: SeiIndicator;
  placing: boolean;
  onChange: (flag: SeiIndicator) => void;
  onPlace: () => void;
  onRemove: () => void;
}

export function SeiFlagEditor({ index, flag, placing, onChange, onPlace, onRemove }: SeiFlagEditorProps) {
  const { t } = useEditorT();
  const path = `sei.${index}`;
  const number = index + 1;
  const target = flag.target;
  const setTarget = (change: Partial<Target>) => onChange({ ...flag, target: { ...target, ...change } });
  const setRegion = (key: keyof Region, value: number | undefined) =>
    setTarget({ region: { ...DEFAULT_REGION, ...target.region, [key]: value ?? 0 } });

  return (
    <fieldset className="sei-flag">
      <legend>{t('sei.flag', { number })}</legend>
      <TextField
        path={`${path}.title`}
        label={t('sei.title')}
        value={flag.title}
        onChange={(title) => onChange({ ...flag, title })}
      />
      <TextField
        path={`${path}.explanation`}
        label={t('sei.explanation')}
        multiline
        rows={3}
        value={flag.explanation}
        onChange={(explanation) => onChange({ ...flag, explanation })}
      />
      <SelectField
        path={`${path}.target.on`}
        label={t('sei.on')}
        value={target.on}
        options={[
          { value: 'email', label: t('sei.onEmail') },
          { value: 'page', label: t('sei.onPage') },
        ]}
        onChange={(on) =>
          setTarget(on === 'page' ? { on, element: undefined, match: undefined } : { on: 'email' })
        }
      />
      <TextField
        path={`${path}.target.label`}
        label={t('sei.label')}
        hint={t('sei.labelHint')}
        value={target.label}
        onChange={(v) => setTarget({ label: optional(v) })}
      />
      {target.on === 'email' && (
        <SelectField
          path={`${path}.target.element`}
          label={t('sei.element')}
          value={target.element ?? ''}
          options={[
            { value: '', label: t('sei.elementNone') },
            ...ELEMENTS.map((e) => ({ value: e, label: t(`sei.element.${e}`) })),
          ]}
          onChange={(v) =>
            setTarget(
              isElement(v)
                ? { element: v, match: v === 'body' ? target.match : undefined }
                : { element: undefined, match: undefined },
            )
          }
        />
      )}
      {target.element === 'body' && (
        <TextField
          path={`${path}.target.match`}
          label={t('sei.match')}
          value={target.match}
          onChange={(v) => setTarget({ match: optional(v) })}
        />
      )}
      {!target.element && (
        <fieldset>
          <legend>{t('sei.region')}</legend>
          <CheckboxField
            path={`${path}.target.region`}
            label={t('sei.hasRegion')}
            hint={t('sei.regionHint')}
            checked={target.region !== undefined}
            onChange={(on) => setTarget({ region: on ? { ...DEFAULT_REGION } : undefined })}
          />
          {target.region &&
            (['x', 'y', 'width', 'height'] as const).map((key) => (
              <NumberField
                key={key}
                path={`${path}.target.region.${key}`}
                label={t(`sei.regionField.${key}`)}
                min={0}
                max={100}
                value={target.region?.[key]}
                onChange={(value) => setRegion(key, value)}
              />
            ))}
        </fieldset>
      )}
      <div className="button-row">
        <button type="button" className="button" aria-pressed={placing} onClick={onPlace}>
          {t('sei.place', { number })}
        </button>
        <button type="button" className="button button--danger" onClick={onRemove}>
          {t('sei.remove', { number })}
        </button>
      </div>
    </fieldset>
  );
}
