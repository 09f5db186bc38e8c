import { buildSubscriber, buildUserPublic } from '@lanparty/contract/testing';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

function rowOf(nickname: string): HTMLElement {
  return screen.getByRole('cell', { name: nickname }).closest('tr') as HTMLElement;
}

describe('the subscriber table', () => {
  it('names every status in words beside its icon, not only on hover', () => {
    render(<SubscriberTable subscribers={subscribers} />);
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
    render(<SubscriberTable subscribers={subscribers} />);
    const present = within(rowOf('xXx_TheLongestNicknameOnSteam_xXx')).getByText('present');
    expect(present).not.toHaveClass('visually-hidden');
    expect(within(rowOf('amy')).getByText('presence unknown')).not.toHaveClass('visually-hidden');
    expect(within(rowOf('bob')).queryByText(/present|absent|unknown/)).not.toBeInTheDocument();
  });

  it('gives the member tick and cross an accessible name', () => {
    render(<SubscriberTable subscribers={subscribers} />);
    const longest = rowOf('xXx_TheLongestNicknameOnSteam_xXx');
    expect(within(longest).getByRole('img', { name: 'member' })).toBeInTheDocument();
    expect(within(rowOf('amy')).getByRole('img', { name: 'not a member' })).toBeInTheDocument();
  });

  it('shows the whole nickname in its cell, not cut short behind a tooltip', () => {
    render(<SubscriberTable subscribers={subscribers} />);
    const cell = screen.getByRole('cell', { name: 'xXx_TheLongestNicknameOnSteam_xXx' });
    expect(cell).not.toHaveAttribute('title');
    expect(cell).toHaveTextContent('xXx_TheLongestNicknameOnSteam_xXx');
  });
});
