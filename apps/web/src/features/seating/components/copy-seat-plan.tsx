import type { Lan, Seating } from '@lanparty/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { seatingQueryOptions } from '../../../lib/lans/get-seating.ts';
import { allLansQueryOptions } from '../../../lib/lans/list-all-lans.ts';
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

/** The other lans' seat plans a plan can be copied from. */
const planSourcesKey = ['admin-lans', 'plan-sources'] as const;

type PlanSource = { lan: Lan; seating: Seating };

/**
 * The other lans' plans, newest lan first: each lan's plan is asked for (404: it has none).
 * A plan that could not be read is counted, and the others still offered.
 */
function usePlanSources(lanId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...planSourcesKey, lanId],
    queryFn: async () => {
      const lans = await queryClient.fetchQuery(allLansQueryOptions());
      const others = lans.filter((lan) => lan.id !== lanId).slice(0, lansLookedAt);
      const plans = await Promise.allSettled(
        others.map((lan) => queryClient.fetchQuery(seatingQueryOptions(lan.id))),
      );
      const sources: PlanSource[] = [];
      let failed = 0;
      plans.forEach((plan, index) => {
        const lan = others[index] as Lan;
        if (plan.status === 'fulfilled') {
          if (plan.value.seats.length > 0) sources.push({ lan, seating: plan.value });
        } else if (!isApiError(plan.reason, 404)) failed += 1;
      });
      return { sources, failed };
    },
  });
}

function CopySource({ editor, lanId }: CopySeatPlanProps) {
  const id = useId();
  const plans = usePlanSources(lanId);
  const sources = plans.data?.sources ?? [];
  const failed = plans.data?.failed ?? 0;
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
            {plans.isPending
              ? 'Looking for plans…'
              : plans.isError
                ? 'The lans could not be loaded'
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
      {plans.isError ? (
        <p className={controls.alert} role="alert">
          The lans could not be loaded: {describeError(plans.error)}
        </p>
      ) : failed > 0 ? (
        <p className={controls.alert} role="alert">
          The plans of {failed === 1 ? 'one lan' : `${failed} lans`} could not be looked at: try
          again in a moment.
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
