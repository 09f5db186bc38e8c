import {
  fieldLabel,
  type Lan,
  type LanInput,
  type LanUpdate,
  lanInputSchema,
  lanLimits,
  lanUpdateSchema,
} from '@lanparty/contract';
import type { FieldPath } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import type { ImageUploadOutcome } from '../../../lib/assets/use-image-upload.ts';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { moneyInput } from '../../../lib/forms/money-input.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import { BannerField } from './banner-field.tsx';
import styles from './lan-form.module.css';
import {
  type LanFormValues,
  toLanFormValues,
  toLanInputBody,
  toLanUpdateBody,
} from './lan-form-values.ts';
import type { BannerChoice } from './use-banner-choice.ts';

type LanFormProps = {
  initialValues: LanFormValues;
  /** The community's time zone (TZ_COMMUNITY): the start and end are typed on its clocks. */
  timeZone: string;
  /** Given when editing: the form then has the location invoice fields and sends a PUT body. */
  lanId?: number;
  /** The saved lan's banner (its `bannerVersion`), shown until another is chosen; null: none. */
  bannerVersion?: string | null;
  submitLabel: string;
  /** The banner chosen in the form (held by the route): uploaded once the lan is saved. */
  banner: BannerChoice;
  onSave: (body: LanInput | LanUpdate) => Promise<Lan>;
  /** After the lan and then its chosen banner (if any) are saved; how the upload went. */
  onSaved?: (lan: Lan, banner: ImageUploadOutcome) => void;
  /** Beside the button while the form still holds what was saved: "The lan is saved." */
  savedNote?: string | null;
};

type FieldName = FieldPath<LanFormValues>;

// The API keeps the specification's spelling of maximumSubcribers; its label need not.
// The location's parts read as what an organiser fills in: the venue and its address.
const labels: Partial<Record<FieldName, string>> = {
  maximumSubcribers: 'Maximum subscribers',
  'location.name': 'Venue',
  'location.address': 'Address',
};
const labelOf = (name: FieldName) => labels[name] ?? fieldLabel(name);

const fieldNames: readonly FieldName[] = [
  'name',
  'description',
  'startDate',
  'endDate',
  'isActive',
  'maximumSubcribers',
  'price',
  'membersPrice',
  'locationInvoiceNumber',
  'locationIsPayed',
  'location.name',
  'location.address',
];

/**
 * Every field of a lan (spec §3, §7), checked with the contract's schema: messages of spec §5
 * once a field is touched, all of them on submit, and the server's field errors on their
 * fields. Dates are picked on the community's clocks (`timeZone`, wherever the browser is)
 * and sent with the community's offset at that moment.
 */
export function LanForm({
  initialValues,
  timeZone,
  lanId,
  bannerVersion = null,
  submitLabel,
  banner,
  onSave,
  onSaved,
  savedNote = null,
}: LanFormProps) {
  const isEditing = lanId !== undefined;
  const { form, saveError, trySave } = useSavingForm<LanFormValues, LanInput | LanUpdate>({
    resolver: isEditing
      ? contractResolver<LanFormValues, LanInput | LanUpdate>(lanUpdateSchema, (values) =>
          toLanUpdateBody(lanId, values, timeZone),
        )
      : contractResolver<LanFormValues, LanInput | LanUpdate>(lanInputSchema, (values) =>
          toLanInputBody(values, timeZone),
        ),
    defaultValues: initialValues,
    fieldNames,
    failure: 'The lan could not be saved',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = form;
  // An edit form starts afresh once the saved lan is back, while the banner may still be
  // uploading: the upload's state lives with the route, and the button waits for it too.
  const isBusy = isSubmitting || banner.upload.isUploading;

  const save = handleSubmit(async (body) => {
    const saved = await trySave(() => onSave(body));
    if (!saved) return;
    // Only now does a new lan have the id its banner is stored under.
    const bannerOutcome = await banner.uploadFor(saved.id);
    if (isEditing) reset(toLanFormValues(saved, timeZone));
    onSaved?.(saved, bannerOutcome);
  });

  const idPrefix = isEditing ? `lan-${lanId}` : 'new-lan';
  const field = (name: FieldName) => ({
    name,
    label: labelOf(name),
    idPrefix,
    message: messageOnceTouched(form, name, labelOf(name)),
  });
  return (
    <form
      className={forms.form}
      onSubmit={save}
      noValidate
      aria-label={isEditing ? 'Lan details' : 'New lan'}
    >
      <div className={forms.fields}>
        <FormField {...field('name')} registration={register('name')} />
        <FormField
          {...field('startDate')}
          type="datetime-local"
          registration={register('startDate')}
        />
        <FormField {...field('endDate')} type="datetime-local" registration={register('endDate')} />
      </div>
      <FormField
        {...field('description')}
        multiline
        hint={`At most ${lanLimits.descriptionMaxLength} characters.`}
        registration={register('description')}
      />
      {/* Each part re-checks the other: a venue needs its address, and clearing both is fine. */}
      <div className={forms.fields}>
        <FormField
          {...field('location.name')}
          hint="Optional: give both, or neither."
          registration={register('location.name', { deps: 'location.address' })}
        />
        <FormField
          {...field('location.address')}
          hint="Shown on the lan page with a link to a map."
          registration={register('location.address', { deps: 'location.name' })}
        />
      </div>
      <div className={forms.fields}>
        <FormField
          {...field('maximumSubcribers')}
          type="number"
          inputMode="numeric"
          min={0}
          max={lanLimits.maximumSubcribers}
          step={1}
          hint={
            isEditing
              ? 'Accepted and Paid lanners take a place; at 0 nobody can join.'
              : `Accepted and Paid lanners take a place. It starts at ${initialValues.maximumSubcribers}, a usual hall, since at 0 nobody could join: set what your venue holds.`
          }
          registration={register('maximumSubcribers', { valueAsNumber: true })}
        />
        <FormField
          {...field('price')}
          {...moneyInput}
          hint="In euros."
          registration={register('price', { valueAsNumber: true })}
        />
        <FormField
          {...field('membersPrice')}
          {...moneyInput}
          hint="In euros; not above the price."
          registration={register('membersPrice', { valueAsNumber: true })}
        />
      </div>
      {isEditing ? (
        <div className={forms.fields}>
          <FormField
            {...field('locationInvoiceNumber')}
            registration={register('locationInvoiceNumber')}
          />
          <label className={`${forms.checkbox} ${styles.checkboxField}`}>
            <input type="checkbox" {...register('locationIsPayed')} />
            <span>Location is paid</span>
          </label>
        </div>
      ) : null}
      <BannerField
        banner={banner}
        lanId={lanId}
        bannerVersion={bannerVersion}
        lanName={initialValues.name}
        submitLabel={submitLabel}
      />
      <label className={forms.checkbox}>
        <input type="checkbox" {...register('isActive')} />
        <span>Active: visible to everyone, open for subscriptions</span>
      </label>
      <FormFooter
        error={saveError}
        isBusy={isBusy}
        submitLabel={submitLabel}
        status={savedNote && !isDirty && !isBusy ? savedNote : ''}
      />
    </form>
  );
}
