/**
 * One simulation's training, sent to the person by hand: for someone the training policy did not
 * reach (it was off, or they clicked before it was on). Refusals are said in words: a simulation
 * Hookwise did not send has no sending profile, a deactivated person is sent nothing new.
 */
import { ApiError } from '@shared/api-client';
import { errorMessage } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { usePersonT } from '@console/hooks/use-person-t';
import { useAssignTraining } from '../api/person';

export function AssignTraining({
  personId,
  campaignId,
  describedBy,
}: {
  personId: string;
  campaignId: string;
  /** The id of the simulation's heading: the button's description, so each says which it sends. */
  describedBy: string;
}) {
  const { t } = usePersonT();
  const assign = useAssignTraining(personId);
  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'campaign_not_running')
      return t('history.assignNoProfile');
    if (error instanceof ApiError && error.code === 'person_inactive') return t('history.assignInactive');
    return errorMessage(error, t('history.assignFailed'));
  };
  return (
    <div className="person__assign">
      {!assign.isSuccess && (
        <button
          type="button"
          className="button"
          aria-describedby={describedBy}
          disabled={assign.isPending}
          onClick={() => assign.mutate(campaignId)}
        >
          {t('history.assign')}
        </button>
      )}
      {assign.isSuccess && (
        <Notice tone="success">
          {assign.data.created ? t('history.assigned') : t('history.assignedAlready')}
        </Notice>
      )}
      {assign.isError && <Notice tone="error">{refusal(assign.error)}</Notice>}
    </div>
  );
}
