import type { Role } from '@lanparty/contract';
import { buildUserProfile } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const target = buildUserProfile({ id: 42, nickname: 'newbie', roles: ['Member'], city: 'Delft' });

function openUser(granterRoles: Role[], answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/users/42': () => jsonResponse(target),
    ...answers,
  });
  const app = renderApp('/admin/users/42', { viewer: buildViewer({ id: 1, roles: granterRoles }) });
  return { ...stub, ...app };
}

async function findRoleBoxes() {
  const form = await screen.findByRole('form', { name: 'Roles of newbie' });
  return (role: string) => within(form).getByRole('checkbox', { name: role });
}

describe('a user in the admin area', () => {
  it('shows the profile with its personal fields', async () => {
    openUser(['MemberAdministrator']);
    expect(await screen.findByRole('heading', { level: 1, name: 'newbie' })).toBeInTheDocument();
    expect(screen.getByText('Delft')).toBeInTheDocument();
    expect(screen.getByText('pete@example.com')).toBeInTheDocument();
  });

  it('dates the sign-up as a sign-up, not as a membership', async () => {
    const lanner = buildUserProfile({
      id: 42,
      nickname: 'newbie',
      roles: ['Lanner'],
      creationDate: '2024-02-03T10:00:00Z',
    });
    openUser(['MemberAdministrator'], { 'GET /api/users/42': () => jsonResponse(lanner) });
    const term = await screen.findByText('Signed up');
    expect(term.nextElementSibling).toHaveTextContent('03 Feb 2024');
    expect(screen.queryByText('Member since')).not.toBeInTheDocument();
  });

  it('lets a member administrator change Lanner and Member only', async () => {
    openUser(['MemberAdministrator']);
    const box = await findRoleBoxes();
    expect(box('Lanner')).toBeEnabled();
    expect(box('Member')).toBeEnabled();
    expect(box('Member')).toBeChecked();
    expect(box('Lan administrator')).toBeDisabled();
    expect(box('Member administrator')).toBeDisabled();
    expect(box('System administrator')).toBeDisabled();
  });

  it('lets a system administrator change every role', async () => {
    openUser(['SystemAdministrator']);
    const box = await findRoleBoxes();
    for (const role of [
      'Lanner',
      'Member',
      'Lan administrator',
      'Member administrator',
      'System administrator',
    ]) {
      expect(box(role)).toBeEnabled();
    }
  });

  it('asks for confirmation, then saves the roles only', async () => {
    const saved = { ...target, roles: ['Lanner', 'Member'] };
    const { user, requests } = openUser(['MemberAdministrator'], {
      'PUT /api/users/42': () => jsonResponse(saved),
    });
    const box = await findRoleBoxes();
    await user.click(box('Lanner'));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the roles of newbie?' });
    expect(within(dialog).getByText('Grant: Lanner')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));

    expect(await screen.findByText('The roles are saved.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ roles: ['Lanner', 'Member'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says in the confirmation what a new lanner still lacks', async () => {
    const halfway = { ...target, isEmailActivated: false, city: null, birthDate: null };
    const { user } = openUser(['MemberAdministrator'], {
      'GET /api/users/42': () => jsonResponse(halfway),
    });
    const box = await findRoleBoxes();
    await user.click(box('Lanner'));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the roles of newbie?' });
    expect(dialog).toHaveTextContent(
      'Not ready to sign up for a lan yet: e-mail not verified; city and birth date empty.',
    );
  });

  it('says nothing is missing of a ready profile, nor when no lanner is made', async () => {
    const { user } = openUser(['MemberAdministrator']);
    const box = await findRoleBoxes();
    await user.click(box('Lanner'));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).not.toHaveTextContent('Not ready');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(box('Lanner'));
    await user.click(box('Member'));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByRole('dialog')).not.toHaveTextContent('Not ready');
  });

  it('saves nothing when the confirmation is cancelled', async () => {
    const { user, requests } = openUser(['MemberAdministrator']);
    const box = await findRoleBoxes();
    await user.click(box('Member'));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Revoke: Member')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('explains a refusal with the problem details of the server', async () => {
    const { user } = openUser(['MemberAdministrator'], {
      'PUT /api/users/42': () =>
        problemResponse(403, {
          title: 'Forbidden',
          detail: 'You may grant Lanner and Member only.',
        }),
    });
    const box = await findRoleBoxes();
    await user.click(box('Lanner'));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save roles' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The roles could not be saved: You may grant Lanner and Member only.',
    );
  });
});

describe('the own roles of a system administrator', () => {
  it('cannot remove their own SystemAdministrator role', async () => {
    const self = buildUserProfile({ id: 1, nickname: 'root', roles: ['SystemAdministrator'] });
    stubFetch({
      'GET /api/users/1': () => jsonResponse(self),
    });
    renderApp('/admin/users/1', {
      viewer: buildViewer({ id: 1, nickname: 'root', roles: ['SystemAdministrator'] }),
    });
    const form = await screen.findByRole('form', { name: 'Roles of root' });
    expect(within(form).getByRole('checkbox', { name: 'System administrator' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Lanner' })).toBeEnabled();
  });
});

describe('erasing an account in the admin area', () => {
  it('asks a member administrator only to confirm, and erases without a reason', async () => {
    const { requests, user } = openUser(['MemberAdministrator'], {
      'DELETE /api/users/42': () => new Response(null, { status: 204 }),
      'GET /api/users': () => jsonResponse({ items: [], offset: 0, limit: 20, total: 0 }),
    });
    const section = await screen.findByRole('region', { name: 'Erase account' });
    // Nothing is asked that the server would not keep: when and by whom is all it records.
    expect(within(section).getByText(/When and by whom is recorded\.$/)).toBeVisible();
    expect(within(section).queryByRole('textbox')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Erase account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase the account of newbie?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Erase the account' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
    const erased = requests.find((request) => request.method === 'DELETE');
    expect(erased?.body).toBeUndefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage users' })).toBeVisible();
  });

  it('is not offered for an account holding a role they could not take away', async () => {
    const administrator = buildUserProfile({
      id: 42,
      nickname: 'newbie',
      roles: ['LanAdministrator'],
    });
    openUser(['MemberAdministrator'], { 'GET /api/users/42': () => jsonResponse(administrator) });
    await findRoleBoxes();
    expect(screen.queryByRole('region', { name: 'Erase account' })).toBeNull();
  });
});
