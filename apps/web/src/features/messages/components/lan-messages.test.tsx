import type { LanMessageReceipt } from '@lanparty/contract';
import {
  buildLanMessage,
  buildParticipant,
  buildParticipantList,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { jsonResponse, problemResponse, type StubbedRequest } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';

const participants = buildParticipantList([
  buildParticipant({ subscriberId: 1, nickname: 'nova', status: 'Paid' }),
  buildParticipant({ subscriberId: 2, nickname: 'ace', status: 'Accepted' }),
  buildParticipant({ subscriberId: 3, nickname: 'kim', status: 'Accepted', emailVerified: false }),
  buildParticipant({ subscriberId: 4, nickname: 'lou', status: 'Paid', emailVerified: false }),
  buildParticipant({ subscriberId: 5, nickname: 'frag', status: 'Pending' }),
  buildParticipant({ subscriberId: 6, nickname: 'zed', status: 'Denied', emailVerified: false }),
]);

const receipt: LanMessageReceipt = { id: 9, recipients: 2, unreachable: ['kim', 'lou'] };

/** A promise the test settles itself: the server answers when the test says so. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function posts(requests: StubbedRequest[]) {
  return requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/lans/1/messages');
}

async function findForm() {
  return screen.findByRole('form', { name: 'New message' });
}

async function writeMessage(user: ReturnType<typeof openAdminLan>['user']) {
  const form = await findForm();
  await user.type(within(form).getByLabelText('Subject'), 'Doors open at 18:00');
  await user.type(within(form).getByLabelText('Message'), 'Bring a power strip.');
  return form;
}

describe('writing to the participants', () => {
  it('says before sending who will get the e-mail and who cannot be reached', async () => {
    const { user } = openAdminLan({ participants });
    const form = await findForm();
    expect(within(form).getByLabelText('Accepted')).toBeChecked();
    expect(within(form).getByLabelText('Paid')).toBeChecked();
    expect(within(form).getByLabelText('Pending')).not.toBeChecked();
    expect(within(form).getByLabelText('Denied')).not.toBeChecked();
    expect(
      await within(form).findByText(
        '2 participants will get this e-mail; 2 have no verified address: kim, lou',
      ),
    ).toBeInTheDocument();

    await user.click(within(form).getByLabelText('Pending'));
    await user.click(within(form).getByLabelText('Paid'));
    expect(
      within(form).getByText('2 participants will get this e-mail; 1 has no verified address: kim'),
    ).toBeInTheDocument();

    await user.click(within(form).getByLabelText('Accepted'));
    expect(within(form).getByText('1 participant will get this e-mail.')).toBeInTheDocument();
  });

  it('keeps saying who will get the e-mail while a later read of the participants fails', async () => {
    let isServerDown = false;
    const { queryClient } = openAdminLan({
      participants,
      answers: {
        'GET /api/lans/1/participants': () => {
          if (isServerDown) throw new TypeError('Failed to fetch');
          return jsonResponse(participants);
        },
      },
    });
    const form = await findForm();
    const reach = '2 participants will get this e-mail; 2 have no verified address: kim, lou';
    expect(await within(form).findByText(reach)).toBeInTheDocument();
    isServerDown = true;
    await queryClient.refetchQueries({ queryKey: lansKeys.participants(1) });
    await waitFor(() =>
      expect(queryClient.getQueryState(lansKeys.participants(1))?.status).toBe('error'),
    );
    expect(within(form).getByText(reach)).toBeInTheDocument();
  });

  it('sends once under a double click, with an Idempotency-Key, and shows the receipt', async () => {
    const answer = deferred<Response>();
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'POST /api/lans/1/messages': () => answer.promise },
    });
    const form = await writeMessage(user);
    await user.click(within(form).getByLabelText('Also post to the chat'));
    const send = within(form).getByRole('button', { name: 'Send message' });
    await user.dblClick(send);
    await waitFor(() => expect(posts(requests).length).toBeGreaterThan(0));
    const sending = within(form).getByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await user.click(sending);

    answer.resolve(jsonResponse(receipt, 202));
    expect(
      await within(form).findByText('Sent to 2 participants; not reachable: kim, lou'),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(1);
    const [post] = posts(requests);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.headers.get('Authorization')).toBe('Bearer test-token');
    const body = JSON.parse(String(post?.body));
    expect(body).toEqual({
      subject: 'Doors open at 18:00',
      body: 'Bring a power strip.',
      statuses: expect.any(Array),
      chat: true,
    });
    expect(body.statuses.toSorted()).toEqual(['Accepted', 'Paid']);
    // A new draft starts empty.
    expect(within(form).getByLabelText('Subject')).toHaveValue('');
    expect(within(form).getByLabelText('Also post to the chat')).not.toBeChecked();
  });

  it('sends a retry after a failure with the same key, and the next message with a new one', async () => {
    let attempt = 0;
    const { user, requests } = openAdminLan({
      participants,
      answers: {
        'POST /api/lans/1/messages': () => {
          attempt += 1;
          return attempt === 1
            ? problemResponse(503, { title: 'Service Unavailable', detail: 'Try again.' })
            : jsonResponse(receipt, 202);
        },
      },
    });
    const form = await writeMessage(user);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The message could not be sent: Try again.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText(/^Sent to 2 participants/)).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    await writeMessage(user);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(3));
    const [first, retry, next] = posts(requests).map((r) => r.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).toBeTruthy();
    expect(next).not.toBe(first);
  });

  it('shows the server’s 400 on the fields it is about', async () => {
    const { user } = openAdminLan({
      participants,
      answers: {
        'POST /api/lans/1/messages': () =>
          problemResponse(400, {
            title: 'Bad Request',
            detail: 'One or more fields are invalid.',
            errors: {
              body: ['Message must be at most 5000 characters'],
              statuses: ['Each status once'],
            },
          }),
      },
    });
    const form = await writeMessage(user);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    const message = within(form).getByLabelText('Message');
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription(
      'Plain text, at most 5000 characters. Message must be at most 5000 characters',
    );
    expect(within(form).getByRole('group', { name: 'Send to' })).toHaveAccessibleDescription(
      'Each status once',
    );
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the form before sending anything', async () => {
    const { user, requests } = openAdminLan({ participants });
    const form = await findForm();
    await user.click(within(form).getByLabelText('Accepted'));
    await user.click(within(form).getByLabelText('Paid'));
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Subject is required')).toBeInTheDocument();
    expect(within(form).getByText('Message is required')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one status')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('says why the chat cannot be written to', async () => {
    const { user } = openAdminLan({
      participants,
      answers: {
        'POST /api/lans/1/messages': () =>
          problemResponse(409, {
            title: 'Conflict',
            detail: 'The community chat is not configured.',
          }),
      },
    });
    const form = await writeMessage(user);
    await user.click(within(form).getByLabelText('Also post to the chat'));
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The message could not be sent: The community chat is not configured.',
    );
  });
});

describe('what a message carries', () => {
  it('offers the chat only where the site has one', async () => {
    openAdminLan({
      participants,
      answers: {
        'GET /api/settings/messaging': () =>
          jsonResponse({ isChatConnected: false, replyTo: 'pixelpete@example.org' }),
      },
    });
    const form = await findForm();
    expect(
      await within(form).findByText('Replies go to you at pixelpete@example.org.'),
    ).toBeVisible();
    expect(within(form).queryByLabelText('Also post to the chat')).not.toBeInTheDocument();
  });

  it('says that replies reach nobody while the sender’s address is not verified', async () => {
    openAdminLan({
      participants,
      answers: {
        'GET /api/settings/messaging': () => jsonResponse({ isChatConnected: true, replyTo: null }),
      },
    });
    const form = await findForm();
    expect(
      await within(form).findByText(/Replies reach nobody: your e-mail address is not verified\./),
    ).toBeVisible();
    expect(within(form).getByRole('link', { name: 'Verify it on your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(form).getByLabelText('Also post to the chat')).not.toBeChecked();
  });

  it('shows the receipt of what was sent, not the next draft’s reach beside it', async () => {
    const { user } = openAdminLan({
      participants,
      answers: { 'POST /api/lans/1/messages': () => jsonResponse(receipt, 202) },
    });
    const form = await writeMessage(user);
    const reach = '2 participants will get this e-mail; 2 have no verified address: kim, lou';
    expect(within(form).getByText(reach)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(
      await within(form).findByText('Sent to 2 participants; not reachable: kim, lou'),
    ).toBeInTheDocument();
    expect(within(form).queryByText(reach)).not.toBeInTheDocument();

    // The next draft begun: its reach, and the receipt is in the list of sent messages.
    await user.type(within(form).getByLabelText('Subject'), 'Pizza');
    expect(await within(form).findByText(reach)).toBeInTheDocument();
    expect(within(form).queryByText(/^Sent to/)).not.toBeInTheDocument();
  });
});

describe('the messages sent', () => {
  it('lists them with sender, statuses and recipients, the body behind a disclosure', async () => {
    const { user } = openAdminLan({
      messages: [
        buildLanMessage({
          id: 2,
          subject: 'Pizza order',
          body: 'Pepperoni or margherita?\nTell us by Friday.',
          sender: { id: 1, nickname: 'admin' },
          statuses: ['Paid'],
          chat: true,
          recipients: 12,
          unreachable: ['kim'],
        }),
        buildLanMessage({ id: 1, subject: 'Doors open at 18:00' }),
      ],
    });
    const list = (await screen.findByRole('heading', { name: 'Sent messages' })).parentElement;
    const messages = await within(list as HTMLElement).findAllByRole('article');
    expect(messages.map((m) => within(m).getByRole('heading').textContent)).toEqual([
      'Pizza order',
      'Doors open at 18:00',
    ]);
    const [pizza] = messages as [HTMLElement];
    expect(pizza).toHaveTextContent('Fromadmin');
    expect(pizza).toHaveTextContent('ToPaid and the chat');
    expect(pizza).toHaveTextContent('Recipients12; not reachable: kim');
    expect(within(pizza).getByText('Pepperoni or margherita?', { exact: false })).not.toBeVisible();
    await user.click(within(pizza).getByText('Show the message'));
    expect(within(pizza).getByText('Pepperoni or margherita?', { exact: false })).toBeVisible();
  });

  it('says when none were sent', async () => {
    openAdminLan();
    expect(await screen.findByText('No messages sent yet.')).toBeInTheDocument();
  });

  it('reads the list again after a message is sent', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'POST /api/lans/1/messages': () => jsonResponse(receipt, 202) },
    });
    const form = await writeMessage(user);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/lans/1/messages'),
      ).toHaveLength(2),
    );
  });
});
