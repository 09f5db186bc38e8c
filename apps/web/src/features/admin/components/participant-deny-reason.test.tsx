import { buildParticipant, buildParticipantList } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';

const participants = buildParticipantList([
  buildParticipant({ subscriberId: 5, nickname: 'frag', status: 'Pending', amountDue: null }),
  buildParticipant({
    subscriberId: 6,
    nickname: 'kim',
    status: 'Pending',
    amountDue: null,
    emailVerified: false,
  }),
]);

const deniedPuts = (requests: { method: string; url: URL; body: unknown }[], id: number) =>
  requests.filter(
    (request) =>
      request.method === 'PUT' && request.url.pathname === `/api/subscribers/${id}/status:denied`,
  );

describe('denying a participant', () => {
  it('asks first, and sends the reason given for their mail', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'PUT /api/subscribers/5/status:denied': () => jsonResponse({}) },
    });
    const select = await screen.findByLabelText('Status of frag');
    await user.selectOptions(select, 'Denied');
    const dialog = await screen.findByRole('dialog', { name: 'Deny frag?' });
    expect(dialog).toHaveTextContent(
      'frag is mailed that they were denied, a minute from now, with your reason if you give one.',
    );
    // Nothing is sent, and the status is as it was, until the denial is confirmed.
    expect(deniedPuts(requests, 5)).toEqual([]);
    expect(select).toHaveValue('Pending');
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason).toHaveAttribute('maxlength', '500');
    await user.type(reason, '  Members only this time.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(deniedPuts(requests, 5)).toHaveLength(1));
    expect(JSON.parse(String(deniedPuts(requests, 5)[0]?.body))).toEqual({
      reason: 'Members only this time.',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('denies with an empty body when no reason is given, and not at all when cancelled', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'PUT /api/subscribers/6/status:denied': () => jsonResponse({}) },
    });
    const select = await screen.findByLabelText('Status of kim');
    await user.selectOptions(select, 'Denied');
    let dialog = await screen.findByRole('dialog', { name: 'Deny kim?' });
    expect(dialog).toHaveTextContent('kim has no verified e-mail address, so nobody is mailed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deniedPuts(requests, 6)).toEqual([]);

    await user.selectOptions(select, 'Denied');
    dialog = await screen.findByRole('dialog', { name: 'Deny kim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(deniedPuts(requests, 6)).toHaveLength(1));
    expect(deniedPuts(requests, 6)[0]?.body).toBeUndefined();
  });
});
