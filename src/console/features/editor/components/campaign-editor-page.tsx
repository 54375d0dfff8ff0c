/**
 * Route /campaigns/:id/edit: loads the campaign and its file, and opens the editor on it. A
 * viewer (the session's role, when the shell has it cached) gets every field disabled.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEditorT } from '@console/hooks/use-editor-t';
import { useParams } from 'react-router';
import { ROLE_RANK, sessionSchema } from '@shared/admin-api';
import { useCampaign } from '../api/campaign-api';
import { CampaignEditor } from './campaign-editor';

interface CampaignEditorPageProps {
  /** Forces read-only, for a shell that knows the role some other way. */
  readOnly?: boolean;
  previewDelayMs?: number;
}

function useIsViewer(): boolean {
  const session = sessionSchema.safeParse(useQueryClient().getQueryData(['session']));
  return session.success && ROLE_RANK[session.data.user.role] < ROLE_RANK.operator;
}

export function CampaignEditorPage({ readOnly = false, previewDelayMs }: CampaignEditorPageProps) {
  const { t } = useEditorT();
  const { id = '' } = useParams();
  const viewer = useIsViewer();
  const { data, isPending, error } = useCampaign(id);

  if (isPending) return <p role="status">{t('common.loading')}</p>;
  if (error) return <p role="alert">{t('editor.loadFailed', { message: error.message })}</p>;
  return (
    <CampaignEditor
      key={id}
      campaignId={id}
      initial={data.file}
      readOnly={readOnly || viewer}
      previewDelayMs={previewDelayMs}
    />
  );
}
