import { buildParticipant, buildParticipantList } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialCsvSeparator } from '../../../components/csv-download/csv-separator-choice.ts';
import { problemResponse } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';
import { stubPhoneScreen } from '../../../testing/phone-screen.ts';

/*
 * What each participant owes, paid and still has to pay are three things (issue 32), and
 * the CSV comes in the spreadsheet dialect the organiser chooses.
 */

const paid = buildParticipant({
  subscriberId: 102,
  nickname: 'nova',
  status: 'Paid',
  amountDue: 27.5,
});
const accepted = buildParticipant({
  subscriberId: 103,
  nickname: 'ace',
  isMember: false,
  status: 'Accepted',
  amountDue: 30,
});
const pending = buildParticipant({
  subscriberId: 101,
  nickname: 'frag',
  status: 'Pending',
  amountDue: null,
});
const participants = buildParticipantList([paid, accepted, pending], {
  expected: 57.5,
  received: 27.5,
  outstanding: 30,
});

describe('the money of each participant', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps amount due, paid and outstanding apart in the table', async () => {
    openAdminLan({ participants });
    const table = await screen.findByRole('table', { name: 'Participants of Winter Lan' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const money = ['Amount due', 'Paid', 'Outstanding'].map((name) => headers.indexOf(name));
    expect(money.every((index) => index > 0)).toBe(true);
    const amountsOf = (nickname: string) => {
      const row = within(table).getByRole('rowheader', { name: nickname }).closest('tr');
      const cells = [...(row?.children ?? [])].map((cell) => cell.textContent);
      return money.map((index) => cells[index]);
    };
    expect(amountsOf('nova')).toEqual(['€27.50', '€27.50', '€0.00']);
    expect(amountsOf('ace')).toEqual(['€30.00', '€0.00', '€30.00']);
    expect(amountsOf('frag')).toEqual(['—none', '—none', '—none']);
  });

  it('keeps them apart on a phone, and leaves them out for someone without a place', async () => {
    stubPhoneScreen();
    openAdminLan({ participants });
    const list = await screen.findByRole('list', { name: 'Participants of Winter Lan' });
    const cardOf = (nickname: string) =>
      within(list).getByRole('heading', { name: nickname }).closest('li') as HTMLElement;
    const amount = (nickname: string, term: string) =>
      within(cardOf(nickname)).queryByText(term, { selector: 'dt' })?.nextElementSibling
        ?.textContent;
    expect(amount('nova', 'Amount due')).toBe('€27.50');
    expect(amount('nova', 'Paid')).toBe('€27.50');
    expect(amount('nova', 'Outstanding')).toBe('€0.00');
    expect(amount('ace', 'Paid')).toBe('€0.00');
    expect(amount('ace', 'Outstanding')).toBe('€30.00');
    expect(amount('frag', 'Amount due')).toBeUndefined();
    expect(amount('frag', 'Outstanding')).toBeUndefined();
  });
});

describe('the CSV’s spreadsheet dialect', () => {
  let saved: string[] = [];

  beforeEach(() => {
    localStorage.clear();
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:participants'),
      revokeObjectURL: vi.fn(),
    });
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  const csvAnswer = () =>
    new Response('x', {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="participants-winter-lan.csv"',
      },
    });

  it('asks for the chosen dialect, and remembers the choice for the next download', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'GET /api/lans/1/participants.csv': csvAnswer },
    });
    const choice = await screen.findByLabelText('CSV for');
    expect(choice).toHaveValue('comma');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));

    await user.selectOptions(choice, 'Dutch spreadsheets (semicolon, 27,50)');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));

    const asked = requests
      .filter((r) => r.url.pathname === '/api/lans/1/participants.csv')
      .map((r) => r.url.searchParams.get('separator'));
    expect(asked).toEqual(['comma', 'semicolon']);
    expect(saved).toEqual(['participants-winter-lan.csv', 'participants-winter-lan.csv']);
    expect(initialCsvSeparator()).toBe('semicolon');
  });

  it('says why the server refused the dialect, beside the button', async () => {
    const { user } = openAdminLan({
      participants,
      answers: {
        'GET /api/lans/1/participants.csv': () =>
          problemResponse(400, {
            title: 'Bad Request',
            detail: 'separator: Must be comma or semicolon',
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The CSV could not be downloaded: separator: Must be comma or semicolon',
    );
    expect(saved).toEqual([]);
    // The screen stays as it was: the participants, and the choice.
    expect(screen.getByRole('table', { name: 'Participants of Winter Lan' })).toBeInTheDocument();
    expect(screen.getByLabelText('CSV for')).toHaveValue('comma');
  });
});

describe('initialCsvSeparator', () => {
  const storing = (value: string | null) => ({ getItem: () => value });

  it('guesses from the language: a decimal comma writes for a semicolon spreadsheet', () => {
    expect(initialCsvSeparator(storing(null), 'nl-NL')).toBe('semicolon');
    expect(initialCsvSeparator(storing(null), 'de-DE')).toBe('semicolon');
    expect(initialCsvSeparator(storing(null), 'en-GB')).toBe('comma');
    expect(initialCsvSeparator(storing(null), 'en-US')).toBe('comma');
    expect(initialCsvSeparator(undefined, 'not a language!')).toBe('comma');
  });

  it('takes the remembered choice over the guess, and ignores a value it does not know', () => {
    expect(initialCsvSeparator(storing('comma'), 'nl-NL')).toBe('comma');
    expect(initialCsvSeparator(storing('semicolon'), 'en-US')).toBe('semicolon');
    expect(initialCsvSeparator(storing('tab'), 'nl-NL')).toBe('semicolon');
  });
});
