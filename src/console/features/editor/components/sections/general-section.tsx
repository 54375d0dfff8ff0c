/** Name, default language, where recipients go at the end, and the journey's steps. */
import { useEditorT } from '@console/hooks/use-editor-t';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '@shared/languages';
import { optional } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { SelectField, TextField } from '../fields';
import { NavigationOrder } from './navigation-order';
import { Section } from './section';

export const LANGUAGE_OPTIONS = LANGUAGE_CODES.map((code) => ({
  value: code,
  label: `${LANGUAGES[code].name} (${code})`,
  lang: code,
}));

export function GeneralSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  return (
    <Section id="general" title={t('section.general')}>
      <TextField
        path="name"
        label={t('general.name')}
        value={draft.name}
        onChange={(name) => update((f) => ({ ...f, name }))}
      />
      <SelectField
        path="language_code"
        label={t('general.language')}
        hint={t('general.languageHint')}
        value={draft.language_code}
        options={LANGUAGE_OPTIONS}
        onChange={(code) => isLanguageCode(code) && update((f) => ({ ...f, language_code: code }))}
      />
      <TextField
        path="redirect_url"
        type="url"
        dir="ltr"
        label={t('general.redirectUrl')}
        hint={t('general.redirectUrlHint')}
        value={draft.redirect_url}
        onChange={(value) => update((f) => ({ ...f, redirect_url: optional(value) }))}
      />
      <TextField
        path="custom_logo"
        type="url"
        dir="ltr"
        label={t('general.customLogo')}
        value={draft.custom_logo}
        onChange={(value) => update((f) => ({ ...f, custom_logo: optional(value) }))}
      />
      <NavigationOrder />
    </Section>
  );
}
