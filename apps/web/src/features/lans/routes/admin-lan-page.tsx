import type { Lan, LanUpdate } from '@lanparty/contract';
import { Armchair, Eye, ScanLine, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { NotFound } from '../../../components/not-found.tsx';
import { Page } from '../../../components/page.tsx';
import { hasData, QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { idParam } from '../../../lib/id-param.ts';
import { useLan } from '../../../lib/lans/get-lan.ts';
import { useLanDraft } from '../../../lib/lans/get-lan-draft.ts';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { Link, useNavigate, useParams } from '../../../lib/router/index.tsx';
import { useDeleteLan } from '../api/delete-lan.ts';
import { useUpdateLan } from '../api/update-lan.ts';
import styles from '../components/admin-lans.module.css';
import { LanForm } from '../components/lan-form.tsx';
import { lanAsUpdate, toLanFormValues } from '../components/lan-form-values.ts';
import { ActiveBadge } from '../components/lans-table.tsx';
import { useBannerChoice } from '../components/use-banner-choice.ts';

/** What other features show of the lan on its admin page, between its state and its details. */
export type AdminLanSections = (lan: Lan) => ReactNode;

/**
 * admin/lans/:id: one lan's state (activation, deletion, the ways to its door and seat plan),
 * the sections of the features that tend it (`sections`: src/app puts them together), and
 * its details with the banner.
 */
export function AdminLanPage({ sections }: { sections: AdminLanSections }) {
  const { id: idText } = useParams();
  const id = idParam(idText);
  if (id === null) return <LanNotFound idText={idText} />;
  // Keyed: another lan starts with nothing chosen and nothing saved.
  return <AdminLan key={id} id={id} sections={sections} />;
}

const backLink = <BackLink to="/admin/lans">All lans</BackLink>;

/** The form's last save: the lan as it came back, and whether the chosen banner went too. */
type LastSave = { modificationDate: string; isBannerSaved: boolean };

/** An address of no lan: said so, with no "Try again" (asking again gives the same answer). */
function LanNotFound({ idText }: { idText: string | undefined }) {
  return (
    <NotFound title="Lan not found" back={{ to: '/admin/lans', label: 'All lans' }}>
      <p>Lan {idText} does not exist. It may have been deleted.</p>
    </NotFound>
  );
}

function AdminLan({ id, sections }: { id: number; sections: AdminLanSections }) {
  const lan = useLan(id);
  // The community's time zone comes with a new lan's draft: the form's times are on its clocks.
  const draft = useLanDraft();
  const updateLan = useUpdateLan();
  const banner = useBannerChoice();
  const [lastSave, setLastSave] = useState<LastSave | null>(null);
  // Also when it was shown: deleted meanwhile (by another administrator).
  if (isApiError(lan.error, 404)) return <LanNotFound idText={String(id)} />;
  // Once shown, the lan stays when a later read fails (the server down): a change that
  // failed says so beside itself, and everything typed stays.
  if (!hasData(lan)) {
    return (
      <Page title="Lan">
        {backLink}
        <QueryStatus query={lan} failure="This lan could not be loaded." />
      </Page>
    );
  }
  const current = lan.data;
  // Said while the lan is still the one the form saved; a later change (activation) ends it.
  const savedNote =
    lastSave?.modificationDate === current.modificationDate
      ? lastSave.isBannerSaved
        ? 'The lan is saved.'
        : 'The lan is saved, but not its banner.'
      : null;
  return (
    <Page
      title={current.name}
      lead={`${formatDisplayDate(current.startDate)} – ${formatDisplayDate(current.endDate)}`}
    >
      {backLink}
      <LanState lan={current} />
      {sections(current)}
      <section className={section.section} aria-labelledby="lan-details">
        <h2 id="lan-details" className={section.sectionTitle}>
          Details
        </h2>
        <QueryStatus query={draft} failure="The lan's details could not be loaded.">
          {({ timeZone }) => (
            <LanForm
              key={`${current.id}-${current.modificationDate}`}
              lanId={current.id}
              bannerVersion={current.bannerVersion}
              initialValues={toLanFormValues(current, timeZone)}
              timeZone={timeZone}
              submitLabel="Save lan"
              banner={banner}
              onSave={(body) => updateLan.mutateAsync(body as LanUpdate)}
              onSaved={(saved, bannerOutcome) =>
                setLastSave({
                  modificationDate: saved.modificationDate,
                  isBannerSaved: bannerOutcome.isUploaded,
                })
              }
              savedNote={savedNote}
            />
          )}
        </QueryStatus>
      </section>
    </Page>
  );
}

/** Whether the lan is visible, the switch to change it, and deletion behind a question. */
function LanState({ lan }: { lan: Lan }) {
  const updateLan = useUpdateLan();
  const deleteLan = useDeleteLan();
  const navigate = useNavigate();
  const notify = useNotify();
  const [isConfirming, setIsConfirming] = useState(false);
  const paidCount = lan.subscribers.filter(({ status }) => status === 'Paid').length;

  function remove() {
    deleteLan.mutate(lan.id, {
      onSuccess: () => {
        // Said on the list the administrator lands on, which no longer shows the lan.
        notify({
          severity: 'Success',
          message: `The lan ${lan.name} is deleted.`,
          keepOnNextNavigation: true,
        });
        navigate('/admin/lans', { replace: true });
      },
      onSettled: () => setIsConfirming(false),
    });
  }

  return (
    <section className={section.section} aria-label="State">
      <div className={styles.toolbar}>
        <p>
          <ActiveBadge isActive={lan.isActive} />{' '}
          <span className={forms.hint}>
            {lan.isActive
              ? 'Visible to everyone; lanners can subscribe while it is open.'
              : 'A draft: only administrators see it.'}
          </span>
        </p>
        <div className={controls.actions}>
          {/* The lan as lanners see it: its seat map, schedule, announcements and tournaments. */}
          <Link className={controls.buttonSecondary} to={`/lans/${lan.id}`}>
            <Eye aria-hidden="true" size={18} />
            Public page
          </Link>
          <Link className={controls.buttonSecondary} to={`/admin/lans/${lan.id}/check-in`}>
            <ScanLine aria-hidden="true" size={18} />
            Door check-in
          </Link>
          <Link className={controls.buttonSecondary} to={`/admin/lans/${lan.id}/seats`}>
            <Armchair aria-hidden="true" size={18} />
            Seat plan
          </Link>
          <button
            type="button"
            className={lan.isActive ? controls.buttonSecondary : controls.button}
            disabled={updateLan.isPending}
            onClick={() => updateLan.mutate({ ...lanAsUpdate(lan), isActive: !lan.isActive })}
          >
            {lan.isActive ? 'Deactivate' : 'Activate'}
          </button>
          <button
            type="button"
            className={controls.buttonSecondary}
            onClick={() => {
              deleteLan.reset();
              setIsConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" size={18} />
            Delete
          </button>
        </div>
      </div>
      {updateLan.isError ? (
        <p className={controls.alert} role="alert">
          The lan could not be {lan.isActive ? 'deactivated' : 'activated'}:{' '}
          {describeError(updateLan.error)}
        </p>
      ) : null}
      {deleteLan.isError ? (
        <p className={controls.alert} role="alert">
          {isApiError(deleteLan.error, 409)
            ? `The lan cannot be deleted: ${describeError(deleteLan.error)} Deny or remove its Paid subscribers first, or deactivate it instead.`
            : `The lan could not be deleted: ${describeError(deleteLan.error)}`}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Delete ${lan.name}?`}
        confirmLabel={deleteLan.isPending ? 'Deleting…' : 'Delete lan'}
        isBusy={deleteLan.isPending}
        onConfirm={remove}
        onCancel={() => setIsConfirming(false)}
      >
        <p>
          The lan and its {lan.subscribers.length === 1 ? 'subscription' : 'subscriptions'} (
          {lan.subscribers.length}) are removed for good.
        </p>
        {paidCount > 0 ? (
          <p>
            It has {paidCount} Paid {paidCount === 1 ? 'subscriber' : 'subscribers'}: the server
            will refuse.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
