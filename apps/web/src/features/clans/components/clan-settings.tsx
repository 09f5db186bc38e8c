import type { Clan } from '@lanparty/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import section from '../../../components/section.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { useNavigate } from '../../../lib/router/index.tsx';
import { useDisbandClan } from '../api/disband-clan.ts';
import { useUpdateClan } from '../api/update-clan.ts';
import { ClanForm } from './clan-form.tsx';
import styles from './clan-page.module.css';

type ClanSettingsProps = {
  clan: Clan;
  /** Called once it is disbanded: the page stops reading it (a 404) before it leaves. */
  onDisbanded: () => void;
};

/** The leader's settings: the clan's name, tag and colour, and disbanding it (asked first). */
export function ClanSettings({ clan, onDisbanded }: ClanSettingsProps) {
  const updateClan = useUpdateClan();
  const disband = useDisbandClan();
  const notify = useNotify();
  const navigate = useNavigate();
  const [isAsking, setIsAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function disbandClan() {
    setError(null);
    disband.mutate(clan.id, {
      onSuccess: () => {
        onDisbanded();
        notify({
          severity: 'Success',
          message: `${clan.name} is disbanded.`,
          keepOnNextNavigation: true,
        });
        navigate('/clans');
      },
      onError: (failure) => {
        setIsAsking(false);
        setError(`${clan.name} is not disbanded: ${describeError(failure)}`);
      },
    });
  }

  const count = clan.members.length;
  return (
    <section className={section.section} aria-labelledby="clan-settings">
      <h2 id="clan-settings" className={section.sectionTitle}>
        Name, tag and colour
      </h2>
      <ClanForm
        key={clan.id}
        label="Name, tag and colour"
        initialValues={{ name: clan.name, tag: clan.tag, colour: clan.colour }}
        submitLabel="Save changes"
        failure="The clan could not be saved"
        savedText="Saved."
        onSave={(changes) => updateClan.mutateAsync({ id: clan.id, changes })}
        onSaved={() => undefined}
      />
      <div className={styles.dangerZone}>
        <h3 className={styles.dangerTitle}>Disband the clan</h3>
        <p>
          The clan is gone for good: its members are in no clan, and its tag leaves their nicknames.
        </p>
        <AlertText message={error} />
        <div className={controls.actions}>
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.danger}`}
            onClick={() => setIsAsking(true)}
            disabled={disband.isPending}
          >
            <Trash2 aria-hidden="true" size={18} />
            Disband {clan.name}
          </button>
        </div>
      </div>
      <ConfirmDialog
        isOpen={isAsking}
        title={`Disband ${clan.name}?`}
        confirmLabel="Disband"
        cancelLabel="Keep the clan"
        isBusy={disband.isPending}
        onConfirm={disbandClan}
        onCancel={() => setIsAsking(false)}
      >
        <p>
          {count === 1 ? 'Its one member is' : `Its ${count} members are`} in no clan afterwards.
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
