import type { Lan } from '@lanparty/contract';
import type { ReactNode } from 'react';
import forms from '../components/forms.module.css';
import { QueryStatus } from '../components/query-status.tsx';
import section from '../components/section.module.css';
import { LanParticipants } from '../features/admin/components/lan-participants.tsx';
import { LanAnnouncementsEditor } from '../features/announcements/components/lan-announcements-editor.tsx';
import { LanFoodEditor } from '../features/food/components/lan-food-editor.tsx';
import { LanPaymentSection } from '../features/lans/components/lan-payment-details.tsx';
import { AdminLanPage } from '../features/lans/routes/admin-lan-page.tsx';
import { LanMessages } from '../features/messages/components/lan-messages.tsx';
import { LanScheduleEditor } from '../features/schedule/components/lan-schedule-editor.tsx';
import { LanScreensEditor } from '../features/screens/components/lan-screens-editor.tsx';
import { useLanDraft } from '../lib/lans/get-lan-draft.ts';

/**
 * admin/lans/:id: the lan's admin page (features/lans) with the sections of the features
 * that tend a lan: its participants and money, payment details, announcements, schedule,
 * food rounds, screens and messages to its participants.
 */
export function AdminLanRoute() {
  return <AdminLanPage sections={(lan) => <LanSections lan={lan} />} />;
}

/** One section of the lan's admin page: its heading, what it is for, then its content. */
function AdminSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className={section.section} aria-labelledby={id}>
      <h2 id={id} className={section.sectionTitle}>
        {title}
      </h2>
      {hint ? <p className={forms.hint}>{hint}</p> : null}
      {children}
    </section>
  );
}

function LanSections({ lan }: { lan: Lan }) {
  // The community's time zone comes with a new lan's draft: the schedule's times are on its
  // clocks (the page reads the same draft for its form).
  const draft = useLanDraft();
  return (
    <>
      <AdminSection id="lan-participants" title="Participants">
        <LanParticipants lan={lan} />
      </AdminSection>
      <AdminSection
        id="lan-payment"
        title="Payment details"
        hint="Mailed to each lanner you accept, with what they owe; shown to those who paid, with whom to ask about a refund."
      >
        <LanPaymentSection lan={lan} />
      </AdminSection>
      <AdminSection
        id="lan-announcements"
        title="Announcements"
        hint="Short news during the lan: every open lan page shows it within a second."
      >
        <LanAnnouncementsEditor lan={lan} />
      </AdminSection>
      <AdminSection
        id="lan-schedule"
        title="Schedule"
        hint="Shown on the lan’s page (now and next while it runs) and in the calendar feed. Times are the community’s."
      >
        <QueryStatus query={draft} failure="The schedule could not be loaded.">
          {({ timeZone }) => <LanScheduleEditor lan={lan} timeZone={timeZone} />}
        </QueryStatus>
      </AdminSection>
      <AdminSection
        id="lan-food"
        title="Food"
        hint="Order rounds for the lan: its participants order from the lan’s page until the deadline; you call in the totals, tick who paid, and tell them when the food is here."
      >
        <QueryStatus query={draft} failure="The food rounds could not be loaded.">
          {({ timeZone }) => <LanFoodEditor lan={lan} timeZone={timeZone} />}
        </QueryStatus>
      </AdminSection>
      <AdminSection
        id="lan-screens"
        title="Screens"
        hint="A link for each TV or projector at the lan, signed in as no one: it rotates through the slides you choose and follows every change live."
      >
        <LanScreensEditor lanId={lan.id} />
      </AdminSection>
      <AdminSection id="lan-messages" title="Messages">
        <LanMessages lanId={lan.id} />
      </AdminSection>
    </>
  );
}
