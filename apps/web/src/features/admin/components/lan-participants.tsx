import type { Lan } from '@lanparty/contract';
import { countTakenPlaces } from '@lanparty/contract/rules';
import { adminPhoneQuery } from '../../../components/admin-phone-query.ts';
import { CsvDownload } from '../../../components/csv-download/csv-download.tsx';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useParticipants } from '../../../lib/lans/get-participants.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { ParticipantCards } from './participant-cards.tsx';
import { ParticipantTotals } from './participant-totals.tsx';
import styles from './participants.module.css';
import { ParticipantsTable } from './participants-table.tsx';
import { useParticipantChanges } from './use-participant-changes.ts';

/**
 * The organiser's view of a lan's participants (spec §4, issue 12): the money and head
 * counts, the venue's invoice, every participant with status and presence changed in
 * place, and the CSV export.
 */
export function LanParticipants({ lan }: { lan: Lan }) {
  const participants = useParticipants(lan.id);
  const changes = useParticipantChanges(lan.id);
  const isPhone = useMediaQuery(adminPhoneQuery);

  return (
    <QueryStatus query={participants} failure="The participants could not be loaded.">
      {({ participants: list, totals }) => (
        <>
          <ParticipantTotals totals={totals} lan={lan} />
          <div className={styles.toolbar}>
            <p className={forms.hint}>
              {countTakenPlaces(list)} of {lan.maximumSubcribers} places taken (Accepted and Paid).
            </p>
            <CsvDownload
              path={`/api/lans/${lan.id}/participants.csv`}
              fileName={`lan-${lan.id}-participants.csv`}
            />
          </div>
          {list.length === 0 ? (
            <p className={forms.hint}>Nobody has subscribed yet.</p>
          ) : isPhone ? (
            <ParticipantCards lanName={lan.name} participants={list} changes={changes} />
          ) : (
            <ParticipantsTable lanName={lan.name} participants={list} changes={changes} />
          )}
        </>
      )}
    </QueryStatus>
  );
}
