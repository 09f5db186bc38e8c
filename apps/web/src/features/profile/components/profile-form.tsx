import {
  fieldLabel,
  formatValidationMessage,
  type UserProfile,
  type UserProfileInput,
  type userProfileInputSchema,
} from '@lanparty/contract';
import { birthDateBounds } from '@lanparty/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { loadedContractResolver } from '../../../lib/forms/contract-resolver.ts';
import { isMessageShown, messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import { emailAddressUsedQueryOptions, useEmailAddressUsed } from '../api/check-email-address.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { EmailField } from './email-field.tsx';

type ProfileFormValues = z.input<typeof userProfileInputSchema>;
type ProfileFieldName = FieldPath<ProfileFormValues>;

/** Spec §4/§9: the saving flag clears 500 ms after the save completed. */
export const SAVE_COMPLETE_DELAY_MS = 500;
/** The e-mail-in-use check waits until typing pauses this long. */
export const EMAIL_CHECK_DELAY_MS = 300;

const profileFieldNames: readonly ProfileFieldName[] = [
  'email',
  'firstName',
  'surname',
  'city',
  'birthDate',
];

function toFormValues(user: UserProfile): ProfileFormValues {
  return {
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    surname: user.surname ?? '',
    city: user.city ?? '',
    birthDate: user.birthDate ?? '',
  };
}

type ProfileSchema = typeof userProfileInputSchema;

let profileSchema: Promise<ProfileSchema> | undefined;
/** The form's schema (with zod), loaded once, when first needed. */
function loadProfileSchema(): Promise<ProfileSchema> {
  profileSchema ??= import('./profile-schema.ts').then((module) => module.userProfileInputSchema);
  return profileSchema;
}

/**
 * The Personal Information form (spec §2, §4, §5): nickname read-only, the other fields
 * required, messages only once a field is touched (or the form submitted), an e-mail
 * address someone else uses refused, and "Saving…" until 500 ms after saving.
 */
export function ProfileForm({ user }: { user: UserProfile }) {
  const queryClient = useQueryClient();
  const updateProfile = useUpdateProfile();
  const { form, saveError, trySave } = useSavingForm<ProfileFormValues, UserProfileInput>({
    resolver: loadedContractResolver<ProfileFormValues, UserProfileInput>(loadProfileSchema),
    defaultValues: toFormValues(user),
    fieldNames: profileFieldNames,
    failure: 'Your profile could not be saved',
  });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setFocus,
    formState: { isDirty },
  } = form;
  const [birthDates] = useState(() => birthDateBounds());
  const [isSaving, setIsSaving] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  // Zod comes when the visitor first goes into the form (or it is checked), not with the
  // page: the page shows sooner, and the e-mail check has it before anything is typed.
  const [schema, setSchema] = useState<ProfileSchema>();
  const loadSchema = () => {
    if (!schema) void loadProfileSchema().then((loaded) => setSchema(() => loaded));
  };
  const savingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(savingTimer.current), []);

  // The e-mail-in-use check follows the typed address once typing pauses. The user's own
  // address is free, and an address that is not valid yet is not asked about.
  const email = watch('email').trim();
  const [checkedEmail, setCheckedEmail] = useState(email);
  useEffect(() => {
    const timer = setTimeout(() => setCheckedEmail(email), EMAIL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [email]);
  const isOwnAddress = (address: string) =>
    address.toLowerCase() === (user.email ?? '').trim().toLowerCase();
  const shouldCheckEmail =
    schema?.shape.email.safeParse(checkedEmail).success === true && !isOwnAddress(checkedEmail);
  const emailUsed = useEmailAddressUsed(checkedEmail, { isEnabled: shouldCheckEmail });
  const isEmailUsed = shouldCheckEmail && checkedEmail === email && emailUsed.data === true;

  function messageFor(name: ProfileFieldName): string | undefined {
    const message = messageOnceTouched(form, name);
    if (message) return message;
    if (name === 'email' && isEmailUsed && isMessageShown(form, name))
      return formatValidationMessage('emailUsed', 'email');
    return undefined;
  }

  // Every field the person types in is required; one place ties its name to its input.
  const requiredField = (name: ProfileFieldName) => ({
    name,
    idPrefix: 'profile',
    required: true,
    registration: register(name),
    message: messageFor(name),
  });

  async function isTakenByOther(address: string): Promise<boolean> {
    if (isOwnAddress(address)) return false;
    setCheckedEmail(address);
    // When the check itself fails (rate limit, network), the server still refuses on save.
    return queryClient.fetchQuery(emailAddressUsedQueryOptions(address)).catch(() => false);
  }

  const save = handleSubmit(async (changes) => {
    setIsSaving(true);
    setIsSaved(false);
    try {
      await trySave(async () => {
        if (await isTakenByOther(changes.email)) {
          setFocus('email');
          return;
        }
        const saved = await updateProfile.mutateAsync({ user, changes });
        reset(toFormValues(saved));
        setIsSaved(true);
      });
    } finally {
      savingTimer.current = setTimeout(() => setIsSaving(false), SAVE_COMPLETE_DELAY_MS);
    }
  });

  return (
    <form
      className={forms.form}
      onSubmit={save}
      onFocus={loadSchema}
      noValidate
      aria-label="Personal Information"
    >
      <div className={forms.fields}>
        <div className={forms.field}>
          <label className={forms.label} htmlFor="profile-nickname">
            {fieldLabel('nickname')}
          </label>
          <input
            id="profile-nickname"
            className={forms.input}
            value={user.nickname}
            readOnly
            aria-describedby="profile-nickname-note"
          />
          <p id="profile-nickname-note" className={forms.hint}>
            Your nickname follows your Steam profile and is updated automatically.
          </p>
        </div>
        <EmailField
          registration={register('email')}
          message={messageFor('email')}
          needsVerification={!user.isEmailActivated && Boolean(user.email)}
        />
        <FormField {...requiredField('firstName')} autoComplete="given-name" />
        <FormField {...requiredField('surname')} autoComplete="family-name" />
        <FormField {...requiredField('city')} autoComplete="address-level2" />
        <FormField
          {...requiredField('birthDate')}
          type="date"
          // The date picker offers the days the rule allows; typed ones get its message.
          min={birthDates.earliest}
          max={birthDates.latest}
          autoComplete="bday"
        />
      </div>
      <FormFooter
        error={saveError}
        isBusy={isSaving}
        submitLabel="Save"
        status={isSaved && !isDirty ? 'Your profile is saved.' : ''}
      />
    </form>
  );
}
