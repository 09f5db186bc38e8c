import { Plus } from 'lucide-react';
import { adminPhoneQuery } from '../../../components/admin-phone-query.ts';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { useAllLans } from '../../../lib/lans/list-all-lans.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useLanDefaults } from '../api/get-lan-defaults.ts';
import styles from '../components/admin-lans.module.css';
import { LanDefaultsForm } from '../components/lan-defaults-form.tsx';
import { LansCards } from '../components/lans-cards.tsx';
import { LansTable } from '../components/lans-table.tsx';
import { PaymentDefaults } from '../components/payment-defaults.tsx';

/** admin/lans: every lan (inactive ones too), newest first, and the lan defaults. */
export function AdminLansRoute() {
  const lans = useAllLans();
  const defaults = useLanDefaults();
  const isPhone = useMediaQuery(adminPhoneQuery);
  return (
    <Page title="Manage lans" lead="Plan lans, accept lanners and keep track of who paid.">
      <section className={section.section} aria-labelledby="admin-lans-list">
        <div className={styles.toolbar}>
          <h2 id="admin-lans-list" className={section.sectionTitle}>
            Lans
          </h2>
          <Link to="/admin/lans/new" className={controls.button}>
            <Plus aria-hidden="true" size={18} />
            New lan
          </Link>
        </div>
        <QueryStatus query={lans} failure="The lans could not be loaded." />
        {lans.data ? (
          lans.data.length > 0 ? (
            isPhone ? (
              <LansCards lans={lans.data} />
            ) : (
              <LansTable lans={lans.data} />
            )
          ) : (
            <p>No lans yet. Start with a new one.</p>
          )
        ) : null}
      </section>
      <section className={section.section} aria-labelledby="admin-lan-defaults">
        <h2 id="admin-lan-defaults" className={section.sectionTitle}>
          Lan defaults
        </h2>
        <p className={forms.hint}>The prices a new lan starts with.</p>
        <QueryStatus query={defaults} failure="The lan defaults could not be loaded.">
          {(data) => <LanDefaultsForm defaults={data} />}
        </QueryStatus>
      </section>
      <section className={section.section} aria-labelledby="admin-payment-defaults">
        <h2 id="admin-payment-defaults" className={section.sectionTitle}>
          Payment details
        </h2>
        <p className={forms.hint}>
          How lanners pay for every lan that has no payment details of its own: mailed to each
          lanner you accept, with what they owe, and shown to those who paid, with whom to ask about
          a refund.
        </p>
        <PaymentDefaults />
      </section>
    </Page>
  );
}
