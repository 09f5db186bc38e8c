import type { Lan } from '@lanparty/contract';
import { buildLan, buildSubscriber } from '@lanparty/contract/testing';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useChangeSubscriber } from '../features/admin/api/change-subscriber.ts';
import { useCreateLan } from '../features/lans/api/create-lan.ts';
import { useDeleteLan } from '../features/lans/api/delete-lan.ts';
import { useUpdateLan } from '../features/lans/api/update-lan.ts';
import { lanAsUpdate } from '../features/lans/components/lan-form-values.ts';
import { lansKeys, todayIsoDate } from '../lib/lans/lans-query-keys.ts';
import { emptyResponse, jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { createTestQueryClient } from '../testing/render-app.tsx';

const lan = buildLan({ id: 7, subscribers: [buildSubscriber({ id: 3, status: 'Pending' })] });
const today = todayIsoDate();

/** What the public screens hold: the upcoming lans, the archive and the lan's own page. */
const publicKeys = [lansKeys.upcoming(today), lansKeys.past(today), lansKeys.detail(lan.id)];

function seedPublicLans(queryClient: QueryClient) {
  queryClient.setQueryData(lansKeys.upcoming(today), [lan]);
  queryClient.setQueryData(lansKeys.past(today), [] as Lan[]);
  queryClient.setQueryData(lansKeys.detail(lan.id), lan);
}

function renderWithQueries<Result>(useHook: () => Result) {
  const queryClient = createTestQueryClient();
  seedPublicLans(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(useHook, { wrapper }) };
}

function expectPublicLansInvalidated(queryClient: QueryClient, keys = publicKeys) {
  for (const key of keys) {
    expect(queryClient.getQueryState(key)?.isInvalidated, key.join('/')).toBe(true);
  }
}

// Bug 2 of issue 10: the admin screens kept their own copy of each lan, so the public
// pages showed the old lan for up to a minute after an administrator's change.
describe('an administrator’s change to a lan', () => {
  it('refreshes the public lan pages after an edit or activation', async () => {
    const saved = { ...lan, name: 'Renamed', isActive: true };
    stubFetch({ 'PUT /api/lans/7': () => jsonResponse(saved) });
    const { result, queryClient } = renderWithQueries(useUpdateLan);
    await act(() => result.current.mutateAsync(lanAsUpdate(saved)));
    expectPublicLansInvalidated(queryClient, [lansKeys.upcoming(today), lansKeys.past(today)]);
    // The lan's own page shows the saved lan at once, without asking again.
    expect(queryClient.getQueryData<Lan>(lansKeys.detail(lan.id))?.name).toBe('Renamed');
    expect(queryClient.getQueryState(lansKeys.detail(lan.id))?.isInvalidated).toBe(false);
  });

  it('refreshes the public lan pages after a subscriber’s status or presence changes', async () => {
    stubFetch({
      'PUT /api/subscribers/3/status:accepted': () => emptyResponse(204),
      'PUT /api/subscribers/3/present:true': () => emptyResponse(204),
    });
    const { result, queryClient } = renderWithQueries(useChangeSubscriber);
    await act(() => result.current.mutateAsync({ subscriberId: 3, lanId: 7, status: 'Accepted' }));
    expectPublicLansInvalidated(queryClient);

    seedPublicLans(queryClient);
    await act(() => result.current.mutateAsync({ subscriberId: 3, lanId: 7, present: true }));
    expectPublicLansInvalidated(queryClient);
  });

  it('refreshes the public lan lists after a lan is created or deleted', async () => {
    stubFetch({
      'POST /api/lans': () => jsonResponse({ ...lan, id: 8 }, 201),
      'DELETE /api/lans/7': () => emptyResponse(204),
    });
    const created = renderWithQueries(useCreateLan);
    await act(() => created.result.current.mutateAsync(lanAsUpdate(lan)));
    expectPublicLansInvalidated(created.queryClient);

    const deleted = renderWithQueries(useDeleteLan);
    await act(() => deleted.result.current.mutateAsync(lan.id));
    expect(deleted.queryClient.getQueryData(lansKeys.detail(lan.id))).toBeUndefined();
    expectPublicLansInvalidated(deleted.queryClient, [
      lansKeys.upcoming(today),
      lansKeys.past(today),
    ]);
  });
});
