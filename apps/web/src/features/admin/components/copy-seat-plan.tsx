import type { Lan, Seating } from '@lanparty/contract';
import { useQueries } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { seatingQueryOptions } from '../../../lib/lans/get-seating.ts';
import { useAllLans } from '../../../lib/lans/list-all-lans.ts';
import { copyPlan } from './seat-plan-draft.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

/** How many of the latest lans are asked for their plan: enough to find last year's. */
const lansLookedAt = 24;

type CopySeatPlanProps = { editor: SeatPlanEditor; lanId: number };

/**
 * Copy the plan of another lan: its seats, blocks and grid, as new seats of this one
 * (nobody seated). Nothing is saved until the plan is.
 */
export function CopySeatPlan(props: CopySeatPlanProps) {
  const [isLooking, setIsLooking] = useState(false);
  if (!isLooking) {
    return (
      <div className={controls.actions}>
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={() => setIsLooking(true)}
        >
          <Copy aria-hidden="true" size={18} />
          Choose a lan to copy from
        </button>
      </div>
    );
  }
  return <CopySource {...props} />;
}

type PlanSource = { lan: Lan; seating: Seating };

/** The other lans' plans, newest lan first: each lan's plan is asked for (404: none). */
function usePlanSources(lanId: number) {
  const lans = useAllLans();
  const others = (lans.data ?? []).filter((lan) => lan.id !== lanId).slice(0, lansLookedAt);
  const plans = useQueries({
    queries: others.map((lan) => ({ ...seatingQueryOptions(lan.id), retry: false })),
  });
  const sources: PlanSource[] = others.flatMap((lan, index) => {
    const seating = plans[index]?.data;
    return seating && seating.seats.length > 0 ? [{ lan, seating }] : [];
  });
  const failed = plans.find((plan) => plan.isError && !isApiError(plan.error, 404));
  return {
    sources,
    isLoading: lans.isPending || plans.some((plan) => plan.isPending),
    error: lans.error ?? failed?.error ?? null,
  };
}

function CopySource({ editor, lanId }: CopySeatPlanProps) {
  const id = useId();
  const { sources, isLoading, error } = usePlanSources(lanId);
  const [chosen, setChosen] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [done, setDone] = useState('');
  const source = sources.find((each) => String(each.lan.id) === chosen);
  const seatCount = editor.draft.seats.length;

  function copy() {
    if (!source) return;
    editor.edit(copyPlan(editor.draft, source.seating));
    editor.select(null);
    setIsConfirming(false);
    const message = `The plan of ${source.lan.name} is copied: ${source.seating.seats.length} seats. Save the plan to keep it.`;
    setDone(message);
    editor.announce(message);
  }

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!source) return;
    if (seatCount > 0) setIsConfirming(true);
    else copy();
  }

  return (
    <form className={forms.form} onSubmit={ask} aria-label="Copy a plan">
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-lan`}>
          Lan to copy from
        </label>
        <select
          id={`${id}-lan`}
          className={forms.input}
          value={chosen}
          disabled={sources.length === 0}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">
            {isLoading
              ? 'Looking for plans…'
              : sources.length === 0
                ? 'No other lan has a plan'
                : 'Choose a lan'}
          </option>
          {sources.map(({ lan, seating }) => (
            <option key={lan.id} value={lan.id}>
              {lan.name}, {formatDisplayDate(lan.startDate)} ({seating.seats.length} seats)
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className={forms.hint}>
          Its seats, blocks and grid replace this plan’s; nobody is seated on them. This plan’s
          times and publication stay.
        </p>
      </div>
      {error ? (
        <p className={controls.alert} role="alert">
          Not every lan’s plan could be looked at: {describeError(error)}
        </p>
      ) : null}
      <div className={controls.actions}>
        <button type="submit" className={controls.buttonSecondary} disabled={!source}>
          <Copy aria-hidden="true" size={18} />
          Copy this plan
        </button>
        <span role="status" className={forms.hint}>
          {done}
        </span>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Replace the ${seatCount === 1 ? 'seat' : `${seatCount} seats`} of this plan?`}
        confirmLabel="Copy and replace"
        onConfirm={copy}
        onCancel={() => setIsConfirming(false)}
      >
        <p>
          The plan of {source?.lan.name} takes their place. Nothing is saved until you save the
          plan; seats someone holds cannot be removed, and saving says who holds them.
        </p>
      </ConfirmDialog>
    </form>
  );
}
