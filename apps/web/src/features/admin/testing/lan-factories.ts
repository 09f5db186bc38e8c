/*
 * Lans and subscribers for the admin tests, built from the contract's types; each call
 * builds fresh objects. (Kept beside the admin feature until the shared factories have them.)
 */
import type { Lan, LanDraft, Subscriber } from '@lanparty/contract';
import { buildUserPublic } from '../../../testing/factories.ts';

export function buildLan(overrides: Partial<Lan> = {}): Lan {
  return {
    id: 7,
    name: 'Winter Lan 2025',
    description: 'Three days of games.',
    startDate: '2025-01-17T18:00:00+01:00',
    endDate: '2025-01-19T18:00:00+01:00',
    isActive: true,
    maximumSubcribers: 20,
    price: 30,
    membersPrice: 25,
    creationDate: '2024-11-01T10:00:00Z',
    modificationDate: '2024-11-01T10:00:00Z',
    subscribers: [],
    locationInvoiceNumber: null,
    locationIsPayed: false,
    ...overrides,
  };
}

export function buildSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: 100,
    status: 'Pending',
    creationDate: '2024-12-01T10:00:00Z',
    modificationDate: '2024-12-01T10:00:00Z',
    present: null,
    user: buildUserPublic({ id: 3, nickname: 'frag', roles: ['Lanner'] }),
    lan: {
      id: 7,
      name: 'Winter Lan 2025',
      startDate: '2025-01-17T18:00:00+01:00',
      endDate: '2025-01-19T18:00:00+01:00',
    },
    ...overrides,
  };
}

export function buildLanDraft(overrides: Partial<LanDraft> = {}): LanDraft {
  return {
    name: '',
    description: '',
    startDate: '2025-03-14T18:00:00+01:00',
    endDate: '2025-03-16T18:00:00+01:00',
    isActive: false,
    maximumSubcribers: 0,
    price: 30,
    membersPrice: 25,
    ...overrides,
  };
}
