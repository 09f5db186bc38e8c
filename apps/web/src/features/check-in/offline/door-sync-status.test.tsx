import type { DoorList } from '@lanparty/contract';
import { buildParticipant } from '@lanparty/contract/testing';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SyncedScan } from './door-sync.ts';
import { DoorSyncStatus } from './door-sync-status.tsx';
import type { OfflineDoor } from './use-offline-door.ts';

const list: DoorList = { asOf: '2026-12-06T18:04:00+01:00', tickets: [] };
const scan = (id: number) => ({
  id,
  lanId: 3,
  code: `CODE-${id}`,
  paid: false,
  scannedAt: '2026-12-06T18:10:00+01:00',
});

const doorWith = (synced: SyncedScan[], queued = 0): OfflineDoor => ({
  list,
  queued,
  isSyncing: false,
  synced,
  shouldQueue: () => false,
  checkInOffline: async () => undefined,
});

describe('what the scans sent from offline came to (issue 53 §2)', () => {
  it('lists only the news: another door first, a later scan replaced, a refusal', () => {
    render(
      <DoorSyncStatus
        door={doorWith([
          {
            kind: 'in',
            scan: scan(1),
            result: { subscriber: buildParticipant({ nickname: 'quiet' }), alreadyPresent: false },
          },
          {
            kind: 'in',
            scan: scan(2),
            result: {
              subscriber: buildParticipant({
                nickname: 'forwarded',
                present: true,
                checkedInAt: '2026-12-06T18:02:00+01:00',
                checkedInBy: 'door-b',
              }),
              alreadyPresent: true,
            },
          },
          {
            kind: 'in',
            scan: scan(3),
            result: {
              subscriber: buildParticipant({ nickname: 'twice' }),
              alreadyPresent: false,
              laterScan: { checkedInAt: '2026-12-06T18:20:00+01:00', checkedInBy: 'door-b' },
            },
          },
          { kind: 'refused', scan: scan(4), message: 'This ticket was denied.' },
        ])}
      />,
    );
    const sent = screen.getByRole('heading', { name: 'Sent from offline' })
      .parentElement as HTMLElement;
    expect(
      within(sent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(
        /^forwarded: already in\. Checked in (on .+ )?at 18:02 by door-b: passed on\?$/,
      ),
      'twice: in; scanned again at 18:20 by door-b: passed on?',
      'Not checked in: This ticket was denied.',
    ]);
    expect(screen.queryByText(/^quiet/)).toBeNull();
  });

  it('shows no list when every scan simply went in, and counts what waits', () => {
    render(
      <DoorSyncStatus
        door={doorWith(
          [
            {
              kind: 'in',
              scan: scan(1),
              result: { subscriber: buildParticipant(), alreadyPresent: false },
            },
          ],
          2,
        )}
      />,
    );
    expect(screen.queryByRole('heading', { name: 'Sent from offline' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 scans to send when the site answers; checked against the door list of 18:04.',
    );
  });
});
