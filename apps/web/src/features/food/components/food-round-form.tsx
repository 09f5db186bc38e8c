import { type FoodRound, type FoodRoundInput, foodRoundInputSchema } from '@lanparty/contract';
import {
  centsFromEuros,
  foodLimits,
  formatEuros,
  spreadsheetMoney,
} from '@lanparty/contract/rules';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type Control, type FieldPath, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/forms/local-date-time.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import styles from './food-admin.module.css';

type ChoiceValues = { id?: number; name: string; price: string };
type ItemValues = { id?: number; name: string; price: string; choices: ChoiceValues[] };
/** The round form as its inputs hold it: the deadline as datetime-local text, prices as text. */
type RoundFormValues = {
  supplier: string;
  closesAt: string;
  maxPerPerson: string;
  items: ItemValues[];
};

const fieldNames: readonly FieldPath<RoundFormValues>[] = [
  'supplier',
  'closesAt',
  'maxPerPerson',
  'items',
];

/** "8,50" and "8.50" are the same price; what is no number stays text, for the contract to refuse. */
const priceOf = (text: string): unknown => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
};
/** A price as its input shows it: `8.50`. */
const priceText = (price: number) => formatEuros(centsFromEuros(price), spreadsheetMoney['.']);

function toBody(values: RoundFormValues, timeZone: string) {
  return {
    supplier: values.supplier,
    closesAt: fromLocalInput(values.closesAt, timeZone),
    maxPerPerson: values.maxPerPerson.trim() === '' ? null : priceOf(values.maxPerPerson),
    items: values.items.map((item) => ({
      ...(item.id === undefined ? {} : { id: item.id }),
      name: item.name,
      price: priceOf(item.price),
      choices: item.choices.map((choice) => ({
        ...(choice.id === undefined ? {} : { id: choice.id }),
        name: choice.name,
        price: choice.price.trim() === '' ? 0 : priceOf(choice.price),
      })),
    })),
  };
}

/** The first thing wrong with the menu, said of its item: the contract's says only "Menu". */
function menuProblem(items: readonly ItemValues[]): string | null {
  const isPrice = (text: string, isOptional: boolean) => {
    if (isOptional && text.trim() === '') return true;
    const price = priceOf(text);
    return typeof price === 'number' && price >= 0 && price <= foodLimits.maximumPrice;
  };
  const range = `a price from 0 to ${foodLimits.maximumPrice} euros`;
  for (const [index, item] of items.entries()) {
    if (item.name.trim() === '') return `Item ${index + 1} needs a name.`;
    if (!isPrice(item.price, false)) return `${item.name} needs ${range}.`;
    for (const [at, choice] of item.choices.entries()) {
      if (choice.name.trim() === '') return `Choice ${at + 1} of ${item.name} needs a name.`;
      if (!isPrice(choice.price, true)) return `${choice.name} of ${item.name} needs ${range}.`;
    }
  }
  return null;
}

const emptyItem = (): ItemValues => ({ name: '', price: '', choices: [] });

type FoodRoundFormProps = {
  /** The round changed, or undefined for a new one closing at `defaultClosesAt`. */
  round?: FoodRound;
  defaultClosesAt: string;
  timeZone: string;
  onSave: (round: FoodRoundInput) => Promise<FoodRound>;
  onSaved: () => void;
  onCancel?: () => void;
};

/**
 * A food round (issue 54): the supplier, the deadline on the community's clocks, an
 * optional limit of items a person, and the menu: items with their prices, each with
 * choices (a size, an extra topping) and what they add. Checked by the contract as the
 * server checks it; an item left out of a changed round goes from the menu.
 */
export function FoodRoundForm({
  round,
  defaultClosesAt,
  timeZone,
  onSave,
  onSaved,
  onCancel,
}: FoodRoundFormProps) {
  const idPrefix = useId();
  const { form, saveError, trySave } = useSavingForm<RoundFormValues, FoodRoundInput>({
    resolver: contractResolver<RoundFormValues, FoodRoundInput>(foodRoundInputSchema, (values) =>
      toBody(values, timeZone),
    ),
    defaultValues: {
      supplier: round?.supplier ?? '',
      closesAt: toLocalInput(round?.closesAt ?? defaultClosesAt, timeZone),
      maxPerPerson: round?.maxPerPerson === null || !round ? '' : String(round.maxPerPerson),
      items: round
        ? round.items.map((item) => ({
            id: item.id,
            name: item.name,
            price: priceText(item.price),
            choices: item.choices.map((choice) => ({
              id: choice.id,
              name: choice.name,
              price: priceText(choice.price),
            })),
          }))
        : [emptyItem()],
    },
    fieldNames,
    failure: round ? 'The food round could not be saved' : 'The food round could not be opened',
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { isSubmitting, errors },
  } = form;
  const items = useFieldArray({ control, name: 'items' });

  const save = handleSubmit(async (body) => {
    const saved = await trySave(() => onSave(body));
    if (saved) onSaved();
  });

  return (
    <form
      className={forms.form}
      onSubmit={save}
      noValidate
      aria-label={round ? `Change the round of ${round.supplier}` : 'Open a food round'}
    >
      <div className={forms.fields}>
        <FormField
          name="supplier"
          idPrefix={idPrefix}
          registration={register('supplier')}
          message={messageOnceTouched(form, 'supplier')}
          hint="Where the order goes, e.g. Pizzeria Roma."
          autoComplete="off"
          required
        />
        <FormField
          name="closesAt"
          label="Orders close at"
          idPrefix={idPrefix}
          type="datetime-local"
          registration={register('closesAt')}
          message={messageOnceTouched(form, 'closesAt', 'Orders close at')}
          hint="On the community’s clock; from then on nobody can change an order."
          required
        />
        <FormField
          name="maxPerPerson"
          label="Items a person at most"
          idPrefix={idPrefix}
          inputMode="numeric"
          registration={register('maxPerPerson')}
          message={messageOnceTouched(form, 'maxPerPerson', 'Items a person at most')}
          hint="Optional: empty for no limit."
        />
      </div>
      <fieldset className={styles.menu}>
        <legend className={forms.label}>Menu</legend>
        {items.fields.map((field, index) => (
          <div key={field.id} className={styles.item}>
            <div className={styles.itemFields}>
              <FormField
                name={`items.${index}.name`}
                label={`Item ${index + 1}`}
                idPrefix={idPrefix}
                registration={register(`items.${index}.name`)}
                message={undefined}
                autoComplete="off"
                required
              />
              <FormField
                name={`items.${index}.price`}
                label="Price (€)"
                idPrefix={idPrefix}
                inputMode="decimal"
                registration={register(`items.${index}.price`)}
                message={undefined}
                required
              />
              <button
                type="button"
                className={`${controls.buttonSecondary} ${styles.remove}`}
                onClick={() => items.remove(index)}
                disabled={items.fields.length === 1}
                aria-label={`Remove item ${index + 1}`}
              >
                <Trash2 aria-hidden="true" size={16} />
              </button>
            </div>
            <ChoiceFields
              control={control}
              register={register}
              itemIndex={index}
              idPrefix={idPrefix}
            />
          </div>
        ))}
        <div className={controls.actions}>
          <button
            type="button"
            className={controls.buttonSecondary}
            onClick={() => items.append(emptyItem())}
            disabled={items.fields.length >= foodLimits.itemsPerRound}
          >
            <Plus aria-hidden="true" size={16} />
            Add an item
          </button>
        </div>
        <AlertText
          message={
            form.formState.isSubmitted && errors.items
              ? (menuProblem(form.getValues('items')) ?? `Menu: ${errors.items.message ?? ''}`)
              : null
          }
        />
      </fieldset>
      <FormFooter
        error={saveError}
        isBusy={isSubmitting}
        submitLabel={round ? 'Save the round' : 'Open the round'}
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

/** An item's choices, each with what it adds to the item's price. */
function ChoiceFields({
  control,
  register,
  itemIndex,
  idPrefix,
}: {
  control: Control<RoundFormValues, unknown, FoodRoundInput>;
  register: UseFormRegister<RoundFormValues>;
  itemIndex: number;
  idPrefix: string;
}) {
  const choices = useFieldArray({ control, name: `items.${itemIndex}.choices` });
  return (
    <div className={styles.choices}>
      {choices.fields.map((field, index) => (
        <div key={field.id} className={styles.itemFields}>
          <FormField
            name={`items.${itemIndex}.choices.${index}.name`}
            label={`Choice ${index + 1} of item ${itemIndex + 1}`}
            idPrefix={idPrefix}
            registration={register(`items.${itemIndex}.choices.${index}.name`)}
            message={undefined}
            autoComplete="off"
          />
          <FormField
            name={`items.${itemIndex}.choices.${index}.price`}
            label="Adds (€)"
            idPrefix={idPrefix}
            inputMode="decimal"
            registration={register(`items.${itemIndex}.choices.${index}.price`)}
            message={undefined}
          />
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.remove}`}
            onClick={() => choices.remove(index)}
            aria-label={`Remove choice ${index + 1} of item ${itemIndex + 1}`}
          >
            <Trash2 aria-hidden="true" size={16} />
          </button>
        </div>
      ))}
      <button
        type="button"
        className={`${controls.buttonSecondary} ${styles.addChoice}`}
        onClick={() => choices.append({ name: '', price: '' })}
        disabled={choices.fields.length >= foodLimits.choicesPerItem}
      >
        <Plus aria-hidden="true" size={16} />
        Add a choice (a size, a topping)
      </button>
    </div>
  );
}
