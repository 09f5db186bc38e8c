import type { Lan, ScheduleItem } from '@lanparty/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { ScheduleDays } from '../../../components/schedule/schedule-lines.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useSchedule } from '../../../lib/lans/get-schedule.ts';
import { useRemoveScheduleItem, useSaveScheduleItem } from '../api/schedule-items.ts';
import { ScheduleItemForm } from './schedule-item-form.tsx';

/**
 * The admin lan screen's schedule (issue 35): the items by day, each to change or remove,
 * and a form that adds one. Open lan pages follow through the `schedule` event.
 */
export function LanScheduleEditor({ lan, timeZone }: { lan: Lan; timeZone: string }) {
  const schedule = useSchedule(lan.id);
  const saveItem = useSaveScheduleItem();
  const removeItem = useRemoveScheduleItem();
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ScheduleItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function remove() {
    if (!removing) return;
    removeItem.mutate(
      { lanId: lan.id, itemId: removing.id },
      {
        onSuccess: () => setRemoving(null),
        onError: (error) => {
          setRemoving(null);
          setProblem(`${removing.title} was not removed: ${describeError(error)}`);
        },
      },
    );
  }

  return (
    <QueryStatus query={schedule} failure="The schedule could not be loaded.">
      {(items) => (
        <>
          {items.length === 0 ? (
            <p className={forms.hint}>Nothing on the schedule yet.</p>
          ) : (
            <ScheduleDays
              items={items}
              headingLevel={3}
              actionsOf={(item) =>
                editing === item.id ? null : (
                  <>
                    <button
                      type="button"
                      className={controls.buttonSecondary}
                      onClick={() => setEditing(item.id)}
                      aria-label={`Change ${item.title}`}
                    >
                      <Pencil aria-hidden="true" size={16} />
                      Change
                    </button>
                    <button
                      type="button"
                      className={controls.buttonSecondary}
                      onClick={() => {
                        setProblem(null);
                        setRemoving(item);
                      }}
                      aria-label={`Remove ${item.title}`}
                    >
                      <Trash2 aria-hidden="true" size={16} />
                      Remove
                    </button>
                  </>
                )
              }
            />
          )}
          <AlertText message={problem} />
          {items
            .filter((item) => item.id === editing)
            .map((item) => (
              <ScheduleItemForm
                key={item.id}
                item={item}
                defaultStart={lan.startDate}
                timeZone={timeZone}
                onSave={(body) =>
                  saveItem.mutateAsync({ lanId: lan.id, itemId: item.id, item: body })
                }
                onSaved={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            ))}
          {editing === null ? <h3 className={forms.label}>Add an item</h3> : null}
          {editing === null ? (
            <ScheduleItemForm
              defaultStart={items.at(-1)?.endDate ?? items.at(-1)?.startDate ?? lan.startDate}
              timeZone={timeZone}
              onSave={(body) => saveItem.mutateAsync({ lanId: lan.id, item: body })}
              onSaved={() => undefined}
            />
          ) : null}
          <ConfirmDialog
            isOpen={removing !== null}
            title={`Remove ${removing?.title ?? 'the item'}?`}
            confirmLabel="Remove"
            cancelLabel="Keep it"
            isBusy={removeItem.isPending}
            onConfirm={remove}
            onCancel={() => setRemoving(null)}
          >
            <p>It leaves the schedule on the lan’s page and in the calendar feed.</p>
          </ConfirmDialog>
        </>
      )}
    </QueryStatus>
  );
}
