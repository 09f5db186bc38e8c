import type { Clan } from '@lanparty/contract';
import { DoorOpen } from 'lucide-react';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { useNavigate } from '../../../lib/router/index.tsx';
import { useRemoveMember } from '../api/remove-member.ts';
import styles from './clan-page.module.css';

/**
 * Leaving the clan, asked first. A leader hands the clan over first (the server says so),
 * unless they are its last member: then leaving disbands it.
 */
type LeaveClanProps = {
  clan: Clan;
  userId: number;
  /** Called as the viewer is out: the page stops reading the clan before it leaves. */
  onLeft: () => void;
};

export function LeaveClan({ clan, userId, onLeft }: LeaveClanProps) {
  const removeMember = useRemoveMember();
  const notify = useNotify();
  const navigate = useNavigate();
  const [isAsking, setIsAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isLastMember = clan.members.length === 1;
  const isLeader = clan.members.some(
    (member) => member.user.id === userId && member.role === 'leader',
  );

  function leave() {
    setError(null);
    removeMember.mutate(
      { clanId: clan.id, userId, isLastMember },
      {
        onSuccess: () => {
          onLeft();
          notify({
            severity: 'Success',
            message: isLastMember
              ? `You left ${clan.name}, its last member: it is disbanded.`
              : `You left ${clan.name}.`,
            keepOnNextNavigation: true,
          });
          navigate('/clans');
        },
        onError: (failure) => {
          setIsAsking(false);
          setError(`You are still in ${clan.name}: ${describeError(failure)}`);
        },
      },
    );
  }

  return (
    <div className={styles.leave}>
      {isLeader && !isLastMember ? (
        <p className={forms.hint}>
          As its leader, hand the clan over to another member before you leave, or disband it.
        </p>
      ) : null}
      <AlertText message={error} />
      <div className={controls.actions}>
        <button
          type="button"
          className={`${controls.buttonSecondary} ${styles.danger}`}
          onClick={() => setIsAsking(true)}
          disabled={removeMember.isPending}
        >
          <DoorOpen aria-hidden="true" size={18} />
          Leave {clan.name}
        </button>
      </div>
      <ConfirmDialog
        isOpen={isAsking}
        title={`Leave ${clan.name}?`}
        confirmLabel="Leave"
        cancelLabel="Stay"
        isBusy={removeMember.isPending}
        onConfirm={leave}
        onCancel={() => setIsAsking(false)}
      >
        <p>
          {isLastMember
            ? 'You are its last member: leaving disbands the clan.'
            : 'To come back, you need the clan’s invite link again.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
