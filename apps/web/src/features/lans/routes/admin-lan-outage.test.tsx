import { buildLan, buildParticipant, buildParticipantList } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';

const lan = buildLan({ id: 1, name: 'Winter Lan' });
const nova = buildParticipant({ subscriberId: 102, nickname: 'nova', status: 'Accepted' });
const ace = buildParticipant({ subscriberId: 103, nickname: 'ace', status: 'Pending' });
const participants = buildParticipantList([nova, ace]);

/*
 * Issue 32: with the server unreachable, a change on the admin lan screen fails beside the
 * row it was made on; the screen (participants, messages, details) and everything typed
 * stay, and the layout says the site is offline until it answers again.
 */
describe('the admin lan screen while the server cannot be reached', () => {
  it('says beside the row that its change failed, and keeps the screen and what was typed', async () => {
    let isServerDown = false;
    const { user, fetchMock } = openAdminLan({ lan, participants });
    const status = await screen.findByLabelText('Status of ace');
    await user.type(screen.getByLabelText('Message'), 'Bring your own chair');
    const name = screen.getByLabelText('Name', { exact: true });
    await user.clear(name);
    await user.type(name, 'Winter Lan 2');

    // From now on no call is answered, as when the server is stopped.
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args) => {
      if (isServerDown) throw new TypeError('Failed to fetch');
      return answer ? answer(...args) : jsonResponse({});
    });
    isServerDown = true;
    await user.selectOptions(status, 'Accepted');

    // Beside the row: in the row right under it.
    const row = status.closest('tr') as HTMLElement;
    await waitFor(() => expect(row.nextElementSibling).not.toBeNull());
    const besideRow = row.nextElementSibling as HTMLElement;
    expect(within(besideRow).getByRole('alert')).toHaveTextContent(
      'ace could not be changed: The server could not be reached. Check your connection.',
    );
    // The refetch after the change failed too: what was shown stays, and says it is offline.
    expect(await screen.findByText('Offline, retrying…')).toBeInTheDocument();
    expect(screen.getByLabelText('Status of ace')).toHaveValue('Pending');
    expect(screen.getByRole('heading', { level: 1, name: 'Winter Lan' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Participants of Winter Lan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Bring your own chair');
    expect(screen.getByLabelText('Name', { exact: true })).toHaveValue('Winter Lan 2');
    expect(screen.queryByText('This lan could not be loaded.')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('reads again by itself once the server answers, and the offline notice goes', async () => {
    // The notice's own timer of 10 s, passed by hand.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let isServerDown = false;
      let name = 'Winter Lan';
      const { queryClient } = openAdminLan({
        lan,
        participants,
        answers: {
          'GET /api/lans/1': () => {
            if (isServerDown) throw new TypeError('Failed to fetch');
            return jsonResponse({ ...lan, name });
          },
        },
      });
      await screen.findByRole('heading', { level: 1, name: 'Winter Lan' });
      // A later read fails: the lan stays, and the layout says the site is offline.
      isServerDown = true;
      await queryClient.refetchQueries({ queryKey: ['lans', 'detail', 1] });
      expect(await screen.findByText('Offline, retrying…')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Winter Lan' })).toBeInTheDocument();
      expect(screen.queryByText('This lan could not be loaded.')).not.toBeInTheDocument();

      name = 'Winter Lan (moved)';
      isServerDown = false;
      vi.advanceTimersByTime(10_000);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Winter Lan (moved)' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Offline, retrying…')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a lan that does not exist does not exist, with no Try again', async () => {
    openAdminLan({
      lan,
      answers: { 'GET /api/lans/1': () => problemResponse(404, { detail: 'There is no lan 1.' }) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lan not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Lan 1 does not exist. It may have been deleted.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'All lans' })).toHaveAttribute('href', '/admin/lans');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
