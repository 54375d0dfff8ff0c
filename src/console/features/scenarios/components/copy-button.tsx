/** "Copy and edit": the tenant's own copy of a scenario, then its page, where it is edited. */
import { useNavigate } from 'react-router';
import { errorMessage } from '@console/components/error-alert';
import { useT } from '@console/hooks/use-t';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { useCopyScenario } from '../api/scenarios';

/** `describedBy`: the id of the scenario's title, where several scenarios each have the button. */
export function CopyButton({ id, describedBy }: { id: string; describedBy?: string }) {
  const { t } = useScenariosT();
  const { t: tc } = useT();
  const navigate = useNavigate();
  const copy = useCopyScenario(id);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={copy.isPending}
        aria-describedby={describedBy}
        onClick={() =>
          copy.mutate(undefined, {
            onSuccess: (made) => void navigate(`/scenarios/${encodeURIComponent(made.id)}?copied=1`),
          })
        }
      >
        {t('scenarios.copy')}
      </button>
      {copy.isError && (
        <span role="alert" className="inline-error">
          {errorMessage(copy.error, tc('error.generic'))}
        </span>
      )}
    </>
  );
}
