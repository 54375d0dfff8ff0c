/**
 * The recipients' languages against the campaign's content: a recipient whose language has no
 * translation reads the default language, which the operator should know before launching.
 */
import { useEditorT } from '@console/hooks/use-editor-t';
import { translationCompleteness } from '@shared/campaign-content';
import { LANGUAGES } from '@shared/languages';
import { useCampaignLanguages } from '@console/features/editor/api/campaign-api';
import { useEditor } from '../../hooks/editor-context';

export function RecipientCoverage() {
  const { t } = useEditorT();
  const { campaignId, draft } = useEditor();
  const { data, isPending, isError } = useCampaignLanguages(campaignId);
  if (isPending) return <p>{t('common.loading')}</p>;
  if (isError) return <p>{t('languages.coverageFailed')}</p>;
  if (data.languages.length === 0) return <p>{t('languages.noRecipients')}</p>;

  const defaultName = LANGUAGES[draft.language_code].name;
  // Judged on the draft, not the saved file: the warning goes away as the operator adds content.
  const rows = data.languages.map((row) => ({
    ...row,
    covered: row.language === draft.language_code || Boolean(draft.translations[row.language]),
    completeness: translationCompleteness(draft, row.language),
  }));
  const uncovered = rows.filter((row) => !row.covered && row.recipients > 0);

  return (
    <div className="coverage">
      <h3>{t('languages.coverage')}</h3>
      {uncovered.length > 0 && (
        <div className="coverage__warning" role="note">
          <strong>{t('languages.warningTitle')}</strong>
          <ul>
            {uncovered.map((row) => (
              <li key={row.language}>
                {t('languages.warning', {
                  recipients: row.recipients,
                  language: LANGUAGES[row.language].name,
                  fallback: defaultName,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <table className="coverage__table">
        <thead>
          <tr>
            <th scope="col">{t('languages.language')}</th>
            <th scope="col">{t('languages.recipients')}</th>
            <th scope="col">{t('languages.content')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.language}>
              <th scope="row" lang={row.language}>
                {LANGUAGES[row.language].name}
              </th>
              <td>{row.recipients}</td>
              <td>
                {row.covered
                  ? t('languages.count', {
                      translated: row.completeness.translated,
                      total: row.completeness.total,
                    })
                  : t('languages.fallsBack', { language: defaultName })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
