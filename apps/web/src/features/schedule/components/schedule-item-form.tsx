import {
  type ScheduleItem,
  type ScheduleItemInput,
  scheduleItemInputSchema,
} from '@lanparty/contract';
import { scheduleKindLabels, scheduleKinds, scheduleLimits } from '@lanparty/contract/rules';
import { useId } from 'react';
import type { FieldPath } from 'react-hook-form';
import controls from '../../../components/controls.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/forms/local-date-time.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';

/** The item form as its inputs hold it: times as datetime-local text on the community's clocks. */
type ItemFormValues = {
  startDate: string;
  endDate: string;
  title: string;
  place: string;
  kind: ScheduleItemInput['kind'];
};

const fieldNames: readonly FieldPath<ItemFormValues>[] = [
  'startDate',
  'endDate',
  'title',
  'place',
  'kind',
];

function toBody(values: ItemFormValues, timeZone: string) {
  return {
    startDate: fromLocalInput(values.startDate, timeZone),
    endDate: values.endDate === '' ? null : fromLocalInput(values.endDate, timeZone),
    title: values.title,
    place: values.place,
    kind: values.kind,
  };
}

type ScheduleItemFormProps = {
  /** The item changed, or undefined for a new one (starting at `defaultStart`). */
  item?: ScheduleItem;
  defaultStart: string;
  timeZone: string;
  onSave: (item: ScheduleItemInput) => Promise<ScheduleItem>;
  onSaved: () => void;
  onCancel?: () => void;
};

/**
 * An item of a lan's schedule (issue 35): its start and optional end on the community's
 * clocks, a title, an optional place and a kind, checked by the contract as the server
 * checks them; a time outside the lan comes back (400) on its field.
 */
export function ScheduleItemForm({
  item,
  defaultStart,
  timeZone,
  onSave,
  onSaved,
  onCancel,
}: ScheduleItemFormProps) {
  const idPrefix = useId();
  const { form, saveError, trySave } = useSavingForm<ItemFormValues, ScheduleItemInput>({
    resolver: contractResolver<ItemFormValues, ScheduleItemInput>(
      scheduleItemInputSchema,
      (values) => toBody(values, timeZone),
    ),
    defaultValues: {
      startDate: toLocalInput(item?.startDate ?? defaultStart, timeZone),
      endDate: item?.endDate ? toLocalInput(item.endDate, timeZone) : '',
      title: item?.title ?? '',
      place: item?.place ?? '',
      kind: item?.kind ?? 'game',
    },
    fieldNames,
    failure: item ? 'The item could not be saved' : 'The item could not be added',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  const save = handleSubmit(async (body) => {
    const saved = await trySave(() => onSave(body));
    if (!saved) return;
    if (!item) reset({ ...form.getValues(), title: '', place: '' });
    onSaved();
  });

  return (
    <form
      className={forms.form}
      onSubmit={save}
      noValidate
      aria-label={item ? `Change ${item.title}` : 'Add to the schedule'}
    >
      <div className={forms.fields}>
        <FormField
          name="startDate"
          label="Starts"
          idPrefix={idPrefix}
          type="datetime-local"
          registration={register('startDate')}
          message={messageOnceTouched(form, 'startDate')}
          required
        />
        <FormField
          name="endDate"
          label="Ends"
          idPrefix={idPrefix}
          type="datetime-local"
          registration={register('endDate')}
          message={messageOnceTouched(form, 'endDate')}
          hint="Optional: without an end, it lasts until the next item."
        />
        <FormField
          name="title"
          idPrefix={idPrefix}
          registration={register('title')}
          message={messageOnceTouched(form, 'title')}
          hint={`At most ${scheduleLimits.titleMaxLength} characters.`}
          autoComplete="off"
          required
        />
        <FormField
          name="place"
          idPrefix={idPrefix}
          registration={register('place')}
          message={messageOnceTouched(form, 'place')}
          hint="Optional, e.g. Main hall."
          autoComplete="off"
        />
        <FormField
          name="kind"
          idPrefix={idPrefix}
          registration={register('kind')}
          message={messageOnceTouched(form, 'kind')}
          options={scheduleKinds.map((kind) => ({ value: kind, label: scheduleKindLabels[kind] }))}
        />
      </div>
      <FormFooter
        error={saveError}
        isBusy={isSubmitting}
        submitLabel={item ? 'Save item' : 'Add to schedule'}
        status=""
      />
      {onCancel ? (
        <div className={controls.actions}>
          <button type="button" className={controls.buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : null}
    </form>
  );
}
