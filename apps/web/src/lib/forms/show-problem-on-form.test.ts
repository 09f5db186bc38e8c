import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { showProblemOnForm } from './show-problem-on-form.ts';

type Values = { name: string; price: number };

function show(error: unknown) {
  const setError = vi.fn();
  const alert = showProblemOnForm<Values>({
    error,
    fieldNames: ['name', 'price'],
    setError,
    failure: 'The lan could not be saved',
  });
  return { alert, setError };
}

const invalid = (errors: Record<string, string[]>) =>
  new ApiError({
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'One or more fields are invalid.',
    errors,
  });

describe('showProblemOnForm', () => {
  it('puts the messages of the form’s own fields on those fields, with no alert', () => {
    const { alert, setError } = show(invalid({ name: ['Name is required'] }));
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'Name is required' });
    expect(alert).toBeNull();
  });

  it('answers the alert for a field the form does not have, labelled', () => {
    const { alert, setError } = show(
      invalid({ price: ['Price must greater than 0'], startDate: ['Must be a date'] }),
    );
    expect(setError).toHaveBeenCalledTimes(1);
    expect(alert).toBe(
      'The lan could not be saved: One or more fields are invalid. Start date: Must be a date',
    );
  });

  it('does not repeat a label the message already starts with', () => {
    const { alert } = show(invalid({ endDate: ['End date must after Start date'] }));
    expect(alert).toBe(
      'The lan could not be saved: One or more fields are invalid. End date must after Start date',
    );
  });

  it('answers the problem’s detail for a refusal without field errors', () => {
    const refusal = new ApiError({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'Only lan administrators do that.',
    });
    expect(show(refusal).alert).toBe(
      'The lan could not be saved: Only lan administrators do that.',
    );
  });

  it('asks to try again after a failure that is not an answer of the API', () => {
    expect(show(new TypeError('Failed to fetch')).alert).toBe(
      'The lan could not be saved. Try again in a moment.',
    );
  });
});
