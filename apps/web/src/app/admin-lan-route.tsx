import type { Lan } from '@lanparty/contract';
import forms from '../components/forms.module.css';
import { QueryStatus } from '../components/query-status.tsx';
import section from '../components/section.module.css';
import { LanParticipants } from '../features/admin/components/lan-participants.tsx';
import { LanAnnouncementsEditor } from '../features/announcements/components/lan-announcements-editor.tsx';
import { LanPaymentSection } from '../features/lans/components/lan-payment-details.tsx';
import { AdminLanPage } from '../features/lans/routes/admin-lan-page.tsx';
import { LanMessages } from '../features/messages/components/lan-messages.tsx';
import { LanScheduleEditor } from '../features/schedule/components/lan-schedule-editor.tsx';
import { LanScreensEditor } from '../features/screens/components/lan-screens-editor.tsx';
import { useLanDraft } from '../lib/lans/get-lan-draft.ts';

/**
 * admin/lans/:id: the lan's admin page (features/lans) with the sections of the features
 * that tend a lan: its participants and money, payment details, announcements, schedule,
 * screens and messages to its participants.
 */
export function AdminLanRoute() {
  return <AdminLanPage sections={(lan) => <LanSections lan={lan} />} />;
}

function LanSections({ lan }: { lan: Lan }) {
  // The community's time zone comes with a new lan's draft: the schedule's times are on its
  // clocks (the page reads the same draft for its form).
  const draft = useLanDraft();
  return (
    <>
      <section className={section.section} aria-labelledby="lan-participants">
        <h2 id="lan-participants" className={section.sectionTitle}>
          Participants
        </h2>
        <LanParticipants lan={lan} />
      </section>
      <section className={section.section} aria-labelledby="lan-payment">
        <h2 id="lan-payment" className={section.sectionTitle}>
          Payment details
        </h2>
        <p className={forms.hint}>
          Mailed to each lanner you accept, with what they owe; shown to those who paid, with whom
          to ask about a refund.
        </p>
        <LanPaymentSection lan={lan} />
      </section>
      <section className={section.section} aria-labelledby="lan-announcements">
        <h2 id="lan-announcements" className={section.sectionTitle}>
          Announcements
        </h2>
        <p className={forms.hint}>
          Short news during the lan: every open lan page shows it within a second.
        </p>
        <LanAnnouncementsEditor lan={lan} />
      </section>
      <section className={section.section} aria-labelledby="lan-schedule">
        <h2 id="lan-schedule" className={section.sectionTitle}>
          Schedule
        </h2>
        <p className={forms.hint}>
          Shown on the lan’s page (now and next while it runs) and in the calendar feed. Times are
          the community’s.
        </p>
        <QueryStatus query={draft} failure="The schedule could not be loaded.">
          {({ timeZone }) => <LanScheduleEditor lan={lan} timeZone={timeZone} />}
        </QueryStatus>
      </section>
      <section className={section.section} aria-labelledby="lan-screens">
        <h2 id="lan-screens" className={section.sectionTitle}>
          Screens
        </h2>
        <p className={forms.hint}>
          A link for each TV or projector at the lan, signed in as no one: it rotates through the
          slides you choose and follows every change live.
        </p>
        <LanScreensEditor lanId={lan.id} />
      </section>
      <section className={section.section} aria-labelledby="lan-messages">
        <h2 id="lan-messages" className={section.sectionTitle}>
          Messages
        </h2>
        <LanMessages lanId={lan.id} />
      </section>
    </>
  );
}
