import { useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { showProblemOnForm } from './show-problem-on-form.ts';

type SavingFormOptions<Values extends FieldValues, Output> = {
  /** contractResolver or loadedContractResolver: the contract checks the form. */
  resolver: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values>;
  /** The fields the form shows; a failed save's message about any other goes to the alert. */
  fieldNames: readonly FieldPath<Values>[];
  /** The alert's opening when a save fails: "The lan could not be saved". */
  failure: string;
};

/**
 * A form as each of the site's forms is: checked by the contract, a field's message shown
 * once it is touched, and a failed save shown on its fields or as the alert (`saveError`).
 * `trySave` runs a save: it answers what the save answers, or undefined when it failed.
 */
export function useSavingForm<Values extends FieldValues, Output>({
  resolver,
  defaultValues,
  fieldNames,
  failure,
}: SavingFormOptions<Values, Output>) {
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched', defaultValues });
  const [saveError, setSaveError] = useState<string | null>(null);

  async function trySave<Saved>(save: () => Promise<Saved>): Promise<Saved | undefined> {
    setSaveError(null);
    try {
      return await save();
    } catch (error) {
      setSaveError(showProblemOnForm({ error, fieldNames, setError: form.setError, failure }));
      return undefined;
    }
  }

  return { form, saveError, trySave };
}
