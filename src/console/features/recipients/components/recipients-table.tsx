/** One page of a campaign's recipients, with their progress and the actions on each. */
import { useT } from '@console/hooks/use-t';
import type { RecipientPage } from '@shared/admin-api';
import { LANGUAGES } from '@shared/languages';
import { CopyLinkButton } from './copy-link-button';
import { RemoveRecipientButton } from './remove-recipient-button';

interface RecipientsTableProps {
  campaignId: string;
  page: RecipientPage;
  canChange: boolean;
  caption: string;
}

export function RecipientsTable({ campaignId, page, canChange, caption }: RecipientsTableProps) {
  const { t } = useT();
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('recipients.email')}</th>
            <th scope="col">{t('recipients.firstName')}</th>
            <th scope="col">{t('recipients.language')}</th>
            <th scope="col">{t('recipients.department')}</th>
            <th scope="col">{t('recipients.status')}</th>
            <th scope="col">{t('campaigns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((recipient) => {
            const label = recipient.email ?? recipient.first_name ?? recipient.rid ?? '—';
            return (
              <tr key={recipient.id}>
                <th scope="row">{label}</th>
                <td>{recipient.first_name ?? '—'}</td>
                <td>{recipient.language_code ? LANGUAGES[recipient.language_code].name : '—'}</td>
                <td>{recipient.department ?? '—'}</td>
                <td>{t(`recipientStatus.${recipient.status}`)}</td>
                <td>
                  <div className="row-actions">
                    {recipient.rid !== null && (
                      <CopyLinkButton campaignId={campaignId} rid={recipient.rid} label={label} />
                    )}
                    {canChange && (
                      <RemoveRecipientButton
                        campaignId={campaignId}
                        recipientId={recipient.id}
                        label={label}
                      />
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
