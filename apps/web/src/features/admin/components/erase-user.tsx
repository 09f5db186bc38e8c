import type { UserPublic } from '@lanparty/contract';
import { grantableRoles } from '@lanparty/contract/rules';
import { useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import section from '../../../components/section.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useNavigate } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useEraseUser } from '../api/erase-user.ts';
import styles from './erase-user.module.css';

/**
 * A user's Erase account section (issue 36), for the administrators who may take away every
 * role the user holds: a reason, recorded with the erasure, and a confirmation that says
 * what goes and what stays.
 */
export function EraseUser({ user }: { user: UserPublic }) {
  const viewer = useViewer();
  const erase = useEraseUser();
  const navigate = useNavigate();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [isAsking, setIsAsking] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const granted = grantableRoles(viewer.user?.roles ?? []);
  if (viewer.user?.id === user.id || !user.roles.every((role) => granted.includes(role)))
    return null;
  const isReasonMissing = reason.trim() === '';
  return (
    <section className={section.section} aria-labelledby="erase-user-title">
      <h2 id="erase-user-title" className={section.sectionTitle}>
        Erase account
      </h2>
      <p>
        Their names, e-mail address, Steam link, picture, clan and coming places go for good; past
        payments and playtime stay, as “Former lanner”. When and by whom is recorded, with the
        reason.
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (!isReasonMissing) setIsAsking(true);
        }}
      >
        <div className={forms.field}>
          <label className={forms.label} htmlFor={reasonId}>
            Reason
          </label>
          <textarea
            id={reasonId}
            className={forms.input}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={isTouched && isReasonMissing}
            aria-describedby={isTouched && isReasonMissing ? `${reasonId}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {isTouched && isReasonMissing ? (
            <p id={`${reasonId}-error`} className={forms.error}>
              Reason is required
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className={`${controls.buttonSecondary} ${styles.danger}`}>
            Erase account…
          </button>
        </div>
      </form>
      <AlertText message={erase.isError ? `Not erased: ${describeError(erase.error)}` : null} />
      <ConfirmDialog
        isOpen={isAsking}
        title={`Erase the account of ${user.nickname}?`}
        confirmLabel="Erase the account"
        cancelLabel="Keep it"
        isBusy={erase.isPending}
        onCancel={() => setIsAsking(false)}
        onConfirm={() =>
          erase.mutate(
            { userId: user.id, reason: reason.trim() },
            {
              onSuccess: () => navigate('/admin/users'),
              onSettled: () => setIsAsking(false),
            },
          )
        }
      >
        <p>This cannot be undone. Reason: {reason.trim()}</p>
      </ConfirmDialog>
    </section>
  );
}
