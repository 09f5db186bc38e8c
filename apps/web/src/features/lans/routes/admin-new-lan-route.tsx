import type { Lan, LanInput } from '@lanparty/contract';
import { BackLink } from '../../../components/back-link.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import type { ImageUploadOutcome } from '../../../lib/assets/use-image-upload.ts';
import { useLanDraft } from '../../../lib/lans/get-lan-draft.ts';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { useNavigate } from '../../../lib/router/index.tsx';
import { useCreateLan } from '../api/create-lan.ts';
import { LanForm } from '../components/lan-form.tsx';
import { toLanFormValues } from '../components/lan-form-values.ts';
import { useBannerChoice } from '../components/use-banner-choice.ts';

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * admin/lans/new: a new lan, prefilled from GET /api/lans/defaults, with a banner if one
 * is chosen (uploaded once the lan exists). The lan's own screen follows, saying so.
 */
export function AdminNewLanRoute() {
  const draft = useLanDraft();
  const createLan = useCreateLan();
  const navigate = useNavigate();
  const notify = useNotify();
  const banner = useBannerChoice();

  function openCreated(lan: Lan, bannerOutcome: ImageUploadOutcome) {
    notify({
      severity: 'Success',
      message: `The lan ${lan.name} is created.`,
      keepOnNextNavigation: true,
    });
    if (!bannerOutcome.isUploaded) {
      // The lan exists: its screen is where the banner can be tried again, not this form.
      notify({
        severity: 'Error',
        title: 'The banner is not saved',
        message: `${asSentence(bannerOutcome.problem)} Choose it again under Details and press Save lan.`,
        keepOnNextNavigation: true,
      });
    }
    navigate(`/admin/lans/${lan.id}`, { replace: true });
  }

  return (
    <Page title="New lan">
      <BackLink to="/admin/lans">All lans</BackLink>
      <QueryStatus query={draft} failure="The new lan could not be prepared." />
      {draft.data ? (
        <section className={section.section} aria-label="New lan">
          <LanForm
            initialValues={toLanFormValues(draft.data, draft.data.timeZone)}
            timeZone={draft.data.timeZone}
            submitLabel="Create lan"
            banner={banner}
            onSave={(body) => createLan.mutateAsync(body as LanInput)}
            onSaved={openCreated}
          />
        </section>
      ) : null}
    </Page>
  );
}
