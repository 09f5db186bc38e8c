import 'fake-indexeddb/auto';
import type { CheckInResult, DoorList } from '@lanparty/contract';
import { buildLan, buildParticipant, buildParticipantList } from '@lanparty/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { hashOfCode } from '../offline/door-answer.ts';

const lanAdmin = buildViewer({ roles: ['LanAdministrator'] });
const gina = buildParticipant({
  subscriberId: 7,
  nickname: 'gamer',
  status: 'Paid',
  checkInCode: 'GINA0000CODE',
});
const doorList: DoorList = {
  asOf: '2026-12-05T18:04:00.000+01:00',
  tickets: [
    {
      subscriberId: 7,
      nickname: 'gamer',
      status: 'Paid',
      amountDue: 0,
      seat: 'B7',
      checkedInAt: null,
      codeHash: hashOfCode('GINA0000CODE'),
      shortCodeHash: hashOfCode('GNA70000'),
    },
  ],
};

/*
 * The door when the hall's internet fails (issue 53 §2): opened online it keeps the lan's
 * door list on the phone; offline a code is answered from it at once and queued with the
 * time of the scan; back online the queue is sent by itself, with that time.
 */
describe('the door offline', () => {
  it('answers from the kept list while the site cannot be reached, then sends the scan', async () => {
    let isOnline = true;
    const { requests } = stubFetch({
      'GET /api/lans/1': () => jsonResponse(buildLan({ id: 1, name: 'Winter Lan' })),
      'GET /api/lans/1/participants': () => jsonResponse(buildParticipantList([gina])),
      'GET /api/lans/1/door-list': () => jsonResponse(doorList),
      'POST /api/lans/1/check-ins': () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        const result: CheckInResult = {
          subscriber: { ...gina, present: true },
          alreadyPresent: false,
        };
        return jsonResponse(result);
      },
    });
    const { user } = renderApp('/admin/lans/1/check-in', { viewer: lanAdmin });
    expect(await screen.findByText(/^Door list of 18:04 kept on this phone/)).toBeInTheDocument();

    isOnline = false;
    await user.type(screen.getByLabelText('Ticket code'), 'gna7-0000');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const result = within(await screen.findByRole('region', { name: 'Result' }));
    expect(await result.findByRole('heading', { name: 'Present' })).toBeInTheDocument();
    expect(result.getByText('gamer')).toBeInTheDocument();
    expect(result.getByText('Seat B7')).toBeInTheDocument();
    expect(result.getByText(/^Offline: sent when the site answers/)).toBeInTheDocument();
    expect(await screen.findByText('1 scan to send')).toBeInTheDocument();

    // Back online: sent by itself, with the time it was scanned.
    isOnline = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('1 scan to send')).toBeNull());
    const sent = requests
      .filter((request) => request.method === 'POST')
      .map((request) => JSON.parse(String(request.body)));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ code: 'gna7-0000', scannedAt: expect.any(String) });
    expect(Date.parse(sent[1].scannedAt)).toBeLessThanOrEqual(Date.now());
  });
});
