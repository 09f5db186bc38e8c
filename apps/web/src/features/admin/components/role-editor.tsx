import {
  fieldLabel,
  grantableRoles,
  type Role,
  roleNames,
  type UserProfile,
  type UserPublic,
} from '@lanparty/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { hasPersonalFields } from '../api/get-user.ts';
import { useUpdateUserRoles } from '../api/update-user-roles.ts';
import { describeMissing, readinessOf } from './readiness.ts';
import styles from './role-editor.module.css';

/** A role as people read it: `MemberAdministrator` → `Member administrator`. */
export function roleLabel(role: Role): string {
  return fieldLabel(role);
}

/**
 * Grant and revoke a user's roles: a checkbox per role, enabled only for the roles the
 * signed-in administrator may grant (MemberAdministrator: Lanner and Member;
 * SystemAdministrator: all, but never their own SystemAdministrator role), then a
 * confirmation before anything is saved, which says what a new lanner still lacks (their
 * e-mail, empty profile fields) when the administrator may see their profile.
 */
export function RoleEditor({ user }: { user: UserPublic | UserProfile }) {
  const viewer = useViewer();
  const granter = viewer.user;
  const grantable = new Set(grantableRoles(granter?.roles ?? []));
  const [selected, setSelected] = useState<ReadonlySet<Role>>(() => new Set(user.roles));
  const [isConfirming, setIsConfirming] = useState(false);
  const updateRoles = useUpdateUserRoles();

  const isOwnSystemAdministrator = (role: Role) =>
    role === 'SystemAdministrator' &&
    granter?.id === user.id &&
    user.roles.includes('SystemAdministrator');
  const canChange = (role: Role) => grantable.has(role) && !isOwnSystemAdministrator(role);
  const granted = roleNames.filter((role) => selected.has(role) && !user.roles.includes(role));
  const revoked = roleNames.filter((role) => !selected.has(role) && user.roles.includes(role));
  const hasChanges = granted.length > 0 || revoked.length > 0;
  const missing =
    granted.includes('Lanner') && hasPersonalFields(user) ? describeMissing(readinessOf(user)) : [];

  function toggle(role: Role, isChecked: boolean) {
    updateRoles.reset();
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(role);
      else next.delete(role);
      return next;
    });
  }

  function save() {
    updateRoles.mutate(
      { id: user.id, roles: roleNames.filter((role) => selected.has(role)) },
      { onSettled: () => setIsConfirming(false) },
    );
  }

  return (
    <form
      className={forms.form}
      aria-label={`Roles of ${user.nickname}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (hasChanges) setIsConfirming(true);
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Roles</legend>
        <p className={forms.hint}>{describeRights(grantable)}</p>
        <ul className={styles.roles}>
          {roleNames.map((role) => (
            <li key={role}>
              <label className={forms.checkbox}>
                <input
                  type="checkbox"
                  name="roles"
                  value={role}
                  checked={selected.has(role)}
                  disabled={!canChange(role) || updateRoles.isPending}
                  onChange={(event) => toggle(role, event.target.checked)}
                />
                <span>{roleLabel(role)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {updateRoles.isError ? (
        <p className={controls.alert} role="alert">
          The roles could not be saved: {describeError(updateRoles.error)}
        </p>
      ) : null}
      <div className={controls.actions}>
        <button
          type="submit"
          className={controls.button}
          disabled={!hasChanges || updateRoles.isPending}
        >
          Save roles
        </button>
        <span role="status" className={forms.hint}>
          {updateRoles.isSuccess && !hasChanges ? 'The roles are saved.' : ''}
        </span>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Change the roles of ${user.nickname}?`}
        confirmLabel={updateRoles.isPending ? 'Saving…' : 'Save roles'}
        isBusy={updateRoles.isPending}
        onConfirm={save}
        onCancel={() => setIsConfirming(false)}
      >
        {granted.length > 0 ? <p>Grant: {granted.map(roleLabel).join(', ')}</p> : null}
        {missing.length > 0 ? (
          <p className={forms.hint}>Not ready to sign up for a lan yet: {missing.join('; ')}.</p>
        ) : null}
        {revoked.length > 0 ? <p>Revoke: {revoked.map(roleLabel).join(', ')}</p> : null}
      </ConfirmDialog>
    </form>
  );
}

function describeRights(grantable: ReadonlySet<Role>): string {
  if (grantable.size === roleNames.length) return 'You may grant and revoke every role.';
  if (grantable.size === 0) return 'You may not change roles.';
  return `You may grant and revoke ${[...grantable].map(roleLabel).join(' and ')}.`;
}
