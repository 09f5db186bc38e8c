import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { insertSubscriberRow, serviceDepsOn } from '../../../test/services.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { ProblemError } from '../../http/problems.ts';
import { createLan } from '../lans/lans.service.ts';
import { setSubscriberStatus } from './subscribers.service.ts';

/*
 * The same race as the API test, without HTTP and token checks in between, so the
 * transactions really overlap: this is what fails when the lan row is not locked.
 */
describe.each(testEngines)('capacity under concurrency on %s', (engine) => {
  const { site, api, adminViewer: admin } = setUpOrganiserSite(engine);

  it('accepts exactly 10 of 50 simultaneous status changes on a lan with 10 places', async () => {
    const deps = serviceDepsOn(site.db);
    const lan = await createLan(deps, admin, {
      ...buildLanBody({ maximumSubcribers: 10 }),
      isActive: true,
    } as never);
    const ids: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const { user } = await signInAs(site.db, site.issuer, ['Lanner']);
      ids.push(
        await insertSubscriberRow(site.db, {
          lanId: lan.id,
          userId: user.id,
          status: 'Pending',
          at: new Date(),
        }),
      );
    }
    const results = await Promise.allSettled(
      ids.map((id, index) => setSubscriberStatus(deps, admin, id, index % 2 ? 'Accepted' : 'Paid')),
    );
    const refused = results.filter(
      (result) =>
        result.status === 'rejected' &&
        result.reason instanceof ProblemError &&
        result.reason.status === 409,
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(await api.takenPlaces(lan.id)).toBe(10);
  });
});
