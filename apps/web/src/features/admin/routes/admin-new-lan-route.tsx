import type { LanInput } from '@lanparty/contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import controls from '../../../components/controls.module.css';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useCreateLan } from '../api/create-lan.ts';
import { useLanDraft } from '../api/get-lan-draft.ts';
import styles from '../components/admin-lans.module.css';
import { LanForm } from '../components/lan-form.tsx';
import { toLanFormValues } from '../components/lan-form-values.ts';

/** admin/lans/new: a new lan, prefilled from GET /api/lans/defaults. */
export function AdminNewLanRoute() {
  const draft = useLanDraft();
  const createLan = useCreateLan();
  const navigate = useNavigate();
  return (
    <Page title="New lan">
      <Link to="/admin/lans" className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} />
        All lans
      </Link>
      <QueryStatus query={draft} failure="The new lan could not be prepared" />
      {draft.isSuccess ? (
        <section className={controls.section} aria-label="New lan">
          <LanForm
            initialValues={toLanFormValues(draft.data)}
            submitLabel="Create lan"
            onSave={(body) => createLan.mutateAsync(body as LanInput)}
            onSaved={(lan) => navigate(`/admin/lans/${lan.id}`, { replace: true })}
          />
        </section>
      ) : null}
    </Page>
  );
}
