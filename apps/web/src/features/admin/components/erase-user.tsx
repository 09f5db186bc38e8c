import type { UserPublic } from '@lanparty/contract';
import { grantableRoles } from '@lanparty/contract/rules';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import section from '../../../components/section.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useNavigate } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useEraseUser } from '../api/erase-user.ts';
import styles from './erase-user.module.css';

/**
 * A user's Erase account section (issue 36), for the administrators who may take away every
 * role the user holds: a confirmation, and no reason asked, since the server keeps none (free
 * text may name the person, issue 50).
 */
export function EraseUser({ user }: { user: UserPublic }) {
  const viewer = useViewer();
  const erase = useEraseUser();
  const navigate = useNavigate();
  const [isAsking, setIsAsking] = useState(false);
  const granted = grantableRoles(viewer.user?.roles ?? []);
  if (viewer.user?.id === user.id || !user.roles.every((role) => granted.includes(role)))
    return null;
  return (
    <section className={section.section} aria-labelledby="erase-user-title">
      <h2 id="erase-user-title" className={section.sectionTitle}>
        Erase account
      </h2>
      <p>
        Their names, e-mail address, Steam link, picture, clan and coming places go for good; past
        payments and playtime stay, as “Former lanner”. When and by whom is recorded.
      </p>
      <div>
        <button
          type="button"
          className={`${controls.buttonSecondary} ${styles.danger}`}
          onClick={() => setIsAsking(true)}
        >
          Erase account…
        </button>
      </div>
      <AlertText message={erase.isError ? `Not erased: ${describeError(erase.error)}` : null} />
      <ConfirmDialog
        isOpen={isAsking}
        title={`Erase the account of ${user.nickname}?`}
        confirmLabel="Erase the account"
        cancelLabel="Keep it"
        isBusy={erase.isPending}
        onCancel={() => setIsAsking(false)}
        onConfirm={() =>
          erase.mutate(user.id, {
            onSuccess: () => navigate('/admin/users'),
            onSettled: () => setIsAsking(false),
          })
        }
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
