import { buildClanSummary, buildSubscriber, buildUserPublic } from '@lanparty/contract/testing';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Viewer, ViewerProvider } from '../../../lib/viewer.tsx';
import { buildViewer } from '../../../testing/render-app.tsx';
import { SubscriberTable } from './subscriber-table.tsx';

const subscribers = [
  buildSubscriber({
    id: 1,
    status: 'Paid',
    present: true,
    user: buildUserPublic({
      id: 11,
      nickname: 'xXx_TheLongestNicknameOnSteam_xXx',
      roles: ['Member'],
    }),
  }),
  buildSubscriber({
    id: 2,
    status: 'Paid',
    present: null,
    user: buildUserPublic({ id: 12, nickname: 'amy' }),
  }),
  buildSubscriber({
    id: 3,
    status: 'Accepted',
    user: buildUserPublic({ id: 13, nickname: 'bob' }),
  }),
  buildSubscriber({ id: 4, status: 'Pending', user: buildUserPublic({ id: 14, nickname: 'cat' }) }),
  buildSubscriber({ id: 5, status: 'Denied', user: buildUserPublic({ id: 15, nickname: 'dan' }) }),
];

const lanAdministrator = buildViewer({ id: 99, roles: ['LanAdministrator'] });

/** The table as `viewer` sees it (a lan administrator unless told). */
function renderTable({
  viewer = lanAdministrator,
  rows = subscribers,
}: {
  viewer?: Viewer;
  rows?: typeof subscribers;
} = {}) {
  return render(
    <ViewerProvider viewer={viewer}>
      <SubscriberTable subscribers={rows} />
    </ViewerProvider>,
  );
}

function rowOf(nickname: string): HTMLElement {
  return screen.getByRole('cell', { name: nickname }).closest('tr') as HTMLElement;
}

describe('the subscriber table', () => {
  // Spec, Subscriber table (issue 50 §1): Denied rows are marked bad, for everyone.
  it('shows Denied subscribers to every viewer, last and marked bad', () => {
    for (const viewer of [
      buildViewer({ id: 12, roles: ['Lanner'] }),
      buildViewer({ id: 40, roles: ['MemberAdministrator', 'Member'] }),
      buildViewer({ id: 15, roles: ['Lanner'] }),
      lanAdministrator,
      undefined,
    ]) {
      const { unmount } = viewer
        ? renderTable({ viewer })
        : render(<SubscriberTable subscribers={subscribers} />);
      const rows = screen.getAllByRole('row').slice(1);
      expect(rows).toHaveLength(5);
      expect(rows[4]).toBe(rowOf('dan'));
      expect(rowOf('dan')).toHaveTextContent('Denied');
      expect(rowOf('dan').className).toMatch(/bad/);
      expect(rowOf('cat').className).not.toMatch(/bad/);
      unmount();
    }
  });

  it('numbers the rows shown, one after another', () => {
    renderTable({ viewer: buildViewer({ id: 12, roles: ['Lanner'] }) });
    expect(within(rowOf('cat')).getAllByRole('cell')[0]).toHaveTextContent('4');
  });

  it('says a waitlisted subscriber’s place on the waitlist instead of Pending', () => {
    renderTable({
      rows: [
        ...subscribers,
        buildSubscriber({
          id: 6,
          status: 'Pending',
          waitlistPosition: 3,
          user: buildUserPublic({ id: 16, nickname: 'eve' }),
        }),
      ],
    });
    expect(within(rowOf('eve')).getByText('Waitlist 3')).not.toHaveClass('visually-hidden');
    expect(within(rowOf('eve')).queryByText('Pending')).not.toBeInTheDocument();
    expect(within(rowOf('cat')).getByText('Pending')).toBeInTheDocument();
  });

  // Spec §4: present, absent or unknown for Paid, whether or not the lan has begun.
  it('shows the presence of Paid subscribers only, as present, absent or unknown', () => {
    renderTable({
      rows: [
        ...subscribers,
        buildSubscriber({
          id: 7,
          status: 'Paid',
          present: false,
          user: buildUserPublic({ id: 17, nickname: 'fay' }),
        }),
      ],
    });
    expect(within(rowOf('xXx_TheLongestNicknameOnSteam_xXx')).getByText('present')).toBeVisible();
    expect(within(rowOf('fay')).getByText('absent')).toBeInTheDocument();
    expect(within(rowOf('amy')).getByText('presence unknown')).toBeInTheDocument();
    for (const nickname of ['bob', 'cat', 'dan'])
      expect(rowOf(nickname)).not.toHaveTextContent(/present|absent|unknown/);
  });

  it('names every status in words beside its icon, not only on hover', () => {
    renderTable();
    for (const [nickname, status] of [
      ['amy', 'Paid'],
      ['bob', 'Accepted'],
      ['cat', 'Pending'],
      ['dan', 'Denied'],
    ] as const) {
      const name = within(rowOf(nickname)).getByText(status);
      expect(name).not.toHaveClass('visually-hidden');
      expect(name.closest('[title]')).toBeNull();
    }
  });

  it('names the presence of Paid subscribers in words', () => {
    renderTable();
    const present = within(rowOf('xXx_TheLongestNicknameOnSteam_xXx')).getByText('present');
    expect(present).not.toHaveClass('visually-hidden');
    expect(within(rowOf('amy')).getByText('presence unknown')).not.toHaveClass('visually-hidden');
    expect(within(rowOf('bob')).queryByText(/present|absent|unknown/)).not.toBeInTheDocument();
  });

  it('gives the member tick and cross an accessible name', () => {
    renderTable();
    const longest = rowOf('xXx_TheLongestNicknameOnSteam_xXx');
    expect(within(longest).getByRole('img', { name: 'member' })).toBeInTheDocument();
    expect(within(rowOf('amy')).getByRole('img', { name: 'not a member' })).toBeInTheDocument();
  });

  it('shows the whole nickname in its cell, not cut short behind a tooltip', () => {
    renderTable();
    const cell = screen.getByRole('cell', { name: 'xXx_TheLongestNicknameOnSteam_xXx' });
    expect(cell).not.toHaveAttribute('title');
    expect(cell).toHaveTextContent('xXx_TheLongestNicknameOnSteam_xXx');
  });
});

describe('a subscriber’s clan (issue 34)', () => {
  it('stands as its tag beside the nickname, its colour a bar, never alone', () => {
    const clan = buildClanSummary({ name: 'Lag Legends', tag: 'LAG', colour: '#b5177d' });
    renderTable({
      rows: [
        buildSubscriber({ id: 1, user: buildUserPublic({ id: 11, nickname: 'amy', clan }) }),
        buildSubscriber({ id: 2, user: buildUserPublic({ id: 12, nickname: 'bob' }) }),
      ],
    });
    expect(screen.getByRole('cell', { name: 'amy LAG' })).toBeInTheDocument();
    const tag = screen.getByText('LAG');
    expect(tag).toHaveClass('clan-tag');
    expect(tag.style.borderColor).toBe('rgb(181, 23, 125)');
    expect(screen.getByRole('cell', { name: 'bob' })).toBeInTheDocument();
  });
});
