import type { Lan, Seating, SeatOccupant } from '@lanparty/contract';
import { BackLink } from '../../../components/back-link.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { Page } from '../../../components/page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { hasData, QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { idParam } from '../../../lib/id-param.ts';
import { useLan } from '../../../lib/lans/get-lan.ts';
import { useLanDraft } from '../../../lib/lans/get-lan-draft.ts';
import { useSeating } from '../../../lib/lans/get-seating.ts';
import { useParams } from '../../../lib/router/index.tsx';
import { useClans } from '../api/list-clans.ts';
import { CopySeatPlan } from '../components/copy-seat-plan.tsx';
import { HallPictureField } from '../components/hall-picture-field.tsx';
import { SeatBlocks } from '../components/seat-blocks.tsx';
import { SeatDetails } from '../components/seat-details.tsx';
import styles from '../components/seat-editor.module.css';
import { SeatGrid } from '../components/seat-grid.tsx';
import { SeatPlanSaveBar, useSeatPlanSave } from '../components/seat-plan-save-bar.tsx';
import { SeatPlanSettings } from '../components/seat-plan-settings.tsx';
import { SeatRunForm } from '../components/seat-run-form.tsx';
import { useSeatPlanEditor } from '../components/use-seat-plan-editor.ts';

/**
 * admin/lans/:id/seats: the lan's seat plan (issue 34). Seats on a grid over the hall's
 * picture, rows and tables in one step, blocks kept for clans, when picking opens and
 * locks, publication, a copy of another lan's plan, and who sits where.
 */
export function AdminSeatsRoute() {
  const { id: idText } = useParams();
  const id = idParam(idText);
  if (id === null) return <LanNotFound idText={idText} />;
  return <SeatPlanScreen key={id} lanId={id} />;
}

function LanNotFound({ idText }: { idText: string | undefined }) {
  return (
    <NotFound title="Lan not found" back={{ to: '/admin/lans', label: 'All lans' }}>
      <p>Lan {idText} does not exist. It may have been deleted.</p>
    </NotFound>
  );
}

function SeatPlanScreen({ lanId }: { lanId: number }) {
  const lan = useLan(lanId);
  const seating = useSeating(lanId);
  // The community's time zone, on whose clocks the plan's times are typed.
  const draft = useLanDraft();
  if (isApiError(lan.error, 404)) return <LanNotFound idText={String(lanId)} />;
  const back = <BackLink to={`/admin/lans/${lanId}`}>{lan.data?.name ?? 'The lan'}</BackLink>;
  // A lan without a plan answers 404: the editor starts a new one.
  const hasNoPlan = isApiError(seating.error, 404) && !hasData(seating);
  const isReady = hasData(lan) && hasData(draft) && (hasData(seating) || hasNoPlan);
  return (
    <Page
      title={lan.data ? `Seat plan – ${lan.data.name}` : 'Seat plan'}
      heading="Seat plan"
      lead={lan.data ? lanLead(lan.data) : undefined}
    >
      {back}
      {isReady ? (
        <SeatPlanEditorScreen
          lan={lan.data}
          saved={seating.data ?? null}
          timeZone={draft.data.timeZone}
        />
      ) : lan.isError ? (
        <QueryStatus query={lan} failure="This lan could not be loaded." />
      ) : seating.isError && !hasNoPlan ? (
        <QueryStatus query={seating} failure="The seat plan could not be loaded." />
      ) : draft.isError ? (
        <QueryStatus query={draft} failure="The community’s time zone could not be loaded." />
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}

const lanLead = (lan: Lan) =>
  `${lan.name}, ${formatDisplayDate(lan.startDate)} – ${formatDisplayDate(lan.endDate)}`;

type EditorScreenProps = { lan: Lan; saved: Seating | null; timeZone: string };

function SeatPlanEditorScreen({ lan, saved, timeZone }: EditorScreenProps) {
  const editor = useSeatPlanEditor({ saved, timeZone });
  const save = useSeatPlanSave({ lanId: lan.id, editor, timeZone });
  const clans = useClans();
  const occupants = new Map<number, SeatOccupant>(
    (saved?.seats ?? []).flatMap((seat) => (seat.occupant ? [[seat.id, seat.occupant]] : [])),
  );
  const blockNames = new Map(editor.draft.blocks.map((block) => [block.id, block.name]));
  const hallVersion = saved?.plan.hallVersion ?? null;
  const selectedId = editor.selected?.id;
  return (
    <>
      <section className={section.section} aria-labelledby="seat-plan-title">
        <h2 id="seat-plan-title" className={section.sectionTitle}>
          Plan
        </h2>
        {editor.draft.seats.length === 0 ? (
          <p className={styles.emptyNote}>
            {editor.isNew ? 'This lan has no seat plan yet. ' : 'The plan has no seats. '}
            Add a row or a table below, click the grid to place seats one by one, or copy the plan
            of another lan.
          </p>
        ) : null}
        <div className={styles.editorLayout}>
          <SeatGrid
            editor={editor}
            occupants={occupants}
            blockNames={blockNames}
            hall={hallVersion ? { lanId: lan.id, version: hallVersion } : null}
          />
          <SeatDetails
            editor={editor}
            lanId={lan.id}
            occupant={selectedId === undefined ? null : (occupants.get(selectedId) ?? null)}
          />
        </div>
        <p role="status" className="visually-hidden">
          {editor.announcement}
        </p>
      </section>
      <section className={section.section} aria-labelledby="seat-runs-title">
        <h2 id="seat-runs-title" className={section.sectionTitle}>
          Add a row or table
        </h2>
        <SeatRunForm editor={editor} />
      </section>
      <section className={section.section} aria-labelledby="seat-blocks-title">
        <h2 id="seat-blocks-title" className={section.sectionTitle}>
          Blocks
        </h2>
        <SeatBlocks editor={editor} clans={clans} />
      </section>
      <section className={section.section} aria-labelledby="seat-settings-title">
        <h2 id="seat-settings-title" className={section.sectionTitle}>
          Plan settings
        </h2>
        <SeatPlanSettings editor={editor} fieldErrors={save.fieldErrors} timeZone={timeZone} />
        <h3 className={styles.subTitle}>Picture of the hall</h3>
        <HallPictureField lanId={lan.id} version={hallVersion} hasPlan={saved !== null} />
      </section>
      <section className={section.section} aria-labelledby="seat-copy-title">
        <h2 id="seat-copy-title" className={section.sectionTitle}>
          Copy from an earlier lan
        </h2>
        <CopySeatPlan editor={editor} lanId={lan.id} />
      </section>
      {/* Last, so it sticks to the bottom of the screen wherever the page is scrolled to. */}
      <SeatPlanSaveBar save={save} editor={editor} saved={saved} />
    </>
  );
}
