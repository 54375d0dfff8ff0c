import { useT } from '@console/hooks/use-t';
import { useNavigate } from 'react-router';
import { useSignOut } from '../features/accounts/api/session';

export function SignOutButton() {
  const { t } = useT();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className="button button--small"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate('/sign-in') })}
    >
      {t('layout.signOut')}
    </button>
  );
}
