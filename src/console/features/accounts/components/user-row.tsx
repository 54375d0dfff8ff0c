/**
 * One user: role, access, password and two-step sign-in. The owner's own row is read-only here, so nobody locks
 * themselves out or demotes the last owner by a slip.
 */
import { useState } from 'react';
import { useAccountT } from '@console/hooks/use-account-t';
import { useT } from '@console/hooks/use-t';
import { ROLES, type Role, type User } from '@shared/admin-api';
import { errorMessage } from '@console/components/error-alert';
import { formatDateTime } from '@console/lib/format';
import { useChangeUser } from '../api/users';
import { ResetMfaButton } from './reset-mfa-button';
import { ResetPasswordDialog } from './reset-password-dialog';

export function UserRow({ user, self }: { user: User; self: boolean }) {
  const { t } = useT();
  const { t: ta } = useAccountT();
  const change = useChangeUser();
  const [resetting, setResetting] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const update = (patch: { role?: Role; disabled?: boolean }) =>
    change.mutate({ id: user.id, change: patch });

  return (
    <tr>
      <th scope="row">
        {user.name} {self && <span className="muted">({t('users.you')})</span>}
      </th>
      <td>{user.email}</td>
      <td>
        <label htmlFor={`role-${user.id}`} className="visually-hidden">
          {t('users.roleFor', { name: user.name })}
        </label>
        <select
          id={`role-${user.id}`}
          value={user.role}
          disabled={self || change.isPending}
          onChange={(e) => update({ role: e.target.value as Role })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`role.${role}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        {user.disabled ? `⊘ ${t('users.disabled')}` : `✓ ${t('users.active')}`}
        {user.mfa_enabled && <span className="muted"> · {ta('users.mfaOn')}</span>}
      </td>
      <td>{formatDateTime(user.last_sign_in_at)}</td>
      <td>
        <div className="row-actions">
          {!self && (
            <button
              type="button"
              className="button button--small"
              disabled={change.isPending}
              onClick={() => update({ disabled: !user.disabled })}
            >
              {t(user.disabled ? 'users.enable' : 'users.disable')}
              <span className="visually-hidden"> {user.name}</span>
            </button>
          )}
          <button type="button" className="button button--small" onClick={() => setResetting(true)}>
            {t('users.reset.button')}
            <span className="visually-hidden"> {user.name}</span>
          </button>
          {!self && user.mfa_enabled && <ResetMfaButton user={user} />}
          <span role="status" className="inline-status">
            {resetDone ? t('users.reset.done') : ''}
          </span>
          {change.isError && (
            <span role="alert" className="inline-error">
              {errorMessage(change.error, t('error.generic'))}
            </span>
          )}
        </div>
        {resetting && (
          <ResetPasswordDialog
            user={user}
            onDone={(reset) => {
              setResetting(false);
              setResetDone(reset);
            }}
          />
        )}
      </td>
    </tr>
  );
}
