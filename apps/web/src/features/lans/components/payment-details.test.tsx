import type { LanPaymentDetails } from '@lanparty/contract';
import { buildLan, buildPage, buildPaymentDetails } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const none = {
  accountHolder: null,
  iban: null,
  reference: null,
  contactEmail: null,
};

const puts = (requests: { method: string; url: URL; body: unknown }[], path: string) =>
  requests
    .filter((request) => request.method === 'PUT' && request.url.pathname === path)
    .map((request) => JSON.parse(String(request.body)));

describe('the default payment details (Manage lans)', () => {
  function openLans(answers: Parameters<typeof stubFetch>[0] = {}) {
    const stub = stubFetch({
      'GET /api/lans': () => jsonResponse(buildPage([buildLan()])),
      'GET /api/settings/lan-defaults': () => jsonResponse({ lanPrice: 30, membersLanPrice: 25 }),
      'GET /api/settings/payment-details': () => jsonResponse(none),
      ...answers,
    });
    return {
      ...stub,
      ...renderApp('/admin/lans', { viewer: buildViewer({ roles: ['LanAdministrator'] }) }),
    };
  }

  it('checks the IBAN as it is left, wants a holder with it, and saves what is typed', async () => {
    const { user, requests } = openLans({
      'PUT /api/settings/payment-details': () =>
        jsonResponse(buildPaymentDetails({ reference: 'Lan {lan}', contactEmail: null })),
    });
    const form = await screen.findByRole('form', { name: 'Default payment details' });
    expect(form.parentElement).toHaveTextContent('No IBAN yet');
    const iban = within(form).getByLabelText('IBAN');
    await user.type(iban, 'NL91 ABNA 0417 1643 01');
    await user.tab();
    expect(iban).toHaveAccessibleDescription(
      'Spaces and capitals do not matter; its check digits are checked. IBAN’s check digits do not match the rest: check for a typing mistake',
    );
    await user.clear(iban);
    await user.type(iban, 'nl91 abna 0417 1643 00');
    await user.type(within(form).getByLabelText('Reference'), 'Lan {{lan}');
    await user.click(within(form).getByRole('button', { name: 'Save payment details' }));
    expect(await within(form).findByText('Account holder is required with an IBAN')).toBeVisible();
    expect(puts(requests, '/api/settings/payment-details')).toEqual([]);

    await user.type(within(form).getByLabelText('Account holder'), 'Stichting Lanparty');
    await user.click(within(form).getByRole('button', { name: 'Save payment details' }));
    expect(await within(form).findByText('The default payment details are saved.')).toBeVisible();
    expect(puts(requests, '/api/settings/payment-details')).toEqual([
      {
        accountHolder: 'Stichting Lanparty',
        iban: 'NL91ABNA0417164300',
        reference: 'Lan {lan}',
        contactEmail: null,
      },
    ]);
    expect(iban).toHaveValue('NL91 ABNA 0417 1643 00');
  });

  it('shows the server’s messages on their fields', async () => {
    const { user } = openLans({
      'PUT /api/settings/payment-details': () =>
        problemResponse(400, {
          title: 'Invalid input',
          detail: 'One or more fields are invalid.',
          errors: { contactEmail: ['Contact email must be a valid email address'] },
        }),
    });
    const form = await screen.findByRole('form', { name: 'Default payment details' });
    await user.type(within(form).getByLabelText('Contact e-mail'), 'treasurer@example.org');
    await user.click(within(form).getByRole('button', { name: 'Save payment details' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Contact e-mail')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getByLabelText('Contact e-mail')).toHaveAccessibleDescription(
      expect.stringContaining('Contact e-mail must be a valid email address'),
    );
  });
});

describe('a lan’s payment details (its admin page)', () => {
  const defaults = buildPaymentDetails();

  it('shows the defaults in use, and says what a lan with a price lacks', async () => {
    openAdminLan({
      answers: {
        'GET /api/lans/1/payment-details': () =>
          jsonResponse({ details: null, defaults: { ...none, accountHolder: 'Club' } }),
      },
    });
    const section = (await screen.findByRole('heading', { name: 'Payment details' }))
      .parentElement as HTMLElement;
    expect(
      await within(section).findByRole('radio', { name: 'The default payment details' }),
    ).toBeChecked();
    expect(section).toHaveTextContent('Account holderClubIBANnot given');
    expect(section).toHaveTextContent(
      'This lan costs €30.00 (members €20.00) but has no IBAN to pay to: accepted lanners are told what they owe, not how to pay.',
    );
    expect(section).toHaveTextContent(
      'No contact e-mail: paid lanners are not told whom to ask about a refund.',
    );
  });

  it('says nothing is missing for a free lan', async () => {
    openAdminLan({
      lan: buildLan({ price: 0, membersPrice: 0 }),
      answers: {
        'GET /api/lans/1/payment-details': () => jsonResponse({ details: null, defaults: none }),
      },
    });
    const section = (await screen.findByRole('heading', { name: 'Payment details' }))
      .parentElement as HTMLElement;
    await within(section).findByRole('radio', { name: 'The default payment details' });
    expect(section).not.toHaveTextContent('no IBAN');
  });

  it('gives the lan its own, starting from the defaults, and goes back to the defaults', async () => {
    let saved: LanPaymentDetails = { details: null, defaults };
    const { user, requests } = openAdminLan({
      answers: {
        'GET /api/lans/1/payment-details': () => jsonResponse(saved),
        'PUT /api/lans/1/payment-details': (request) => {
          const { details } = JSON.parse(String(request.body));
          saved = { details, defaults };
          return jsonResponse(saved);
        },
      },
    });
    await user.click(
      await screen.findByRole('radio', { name: 'Payment details of this lan only' }),
    );
    const form = screen.getByRole('form', { name: 'Payment details of this lan' });
    expect(within(form).getByLabelText('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    await user.clear(within(form).getByLabelText('Contact e-mail'));
    await user.type(within(form).getByLabelText('Contact e-mail'), 'door@example.org');
    await user.click(within(form).getByRole('button', { name: 'Save payment details' }));
    expect(await within(form).findByText('This lan’s payment details are saved.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'The default payment details' }));
    await user.click(screen.getByRole('button', { name: 'Use the defaults for this lan' }));
    await waitFor(() => expect(puts(requests, '/api/lans/1/payment-details')).toHaveLength(2));
    expect(puts(requests, '/api/lans/1/payment-details')).toEqual([
      { details: { ...defaults, contactEmail: 'door@example.org' } },
      { details: null },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Use the defaults for this lan' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('puts the server’s message about the lan’s IBAN on the IBAN', async () => {
    const { user } = openAdminLan({
      answers: {
        'PUT /api/lans/1/payment-details': () =>
          problemResponse(400, {
            title: 'Invalid input',
            detail: 'One or more fields are invalid.',
            errors: { 'details.iban': ['IBAN of NL must be 18 characters long (this one has 17)'] },
          }),
      },
    });
    await user.click(
      await screen.findByRole('radio', { name: 'Payment details of this lan only' }),
    );
    const form = screen.getByRole('form', { name: 'Payment details of this lan' });
    await user.click(within(form).getByRole('button', { name: 'Save payment details' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('IBAN')).toHaveAccessibleDescription(
        expect.stringContaining('IBAN of NL must be 18 characters long (this one has 17)'),
      ),
    );
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});
