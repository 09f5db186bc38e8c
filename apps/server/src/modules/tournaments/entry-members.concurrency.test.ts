import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { insertSubscriberRow, serviceDepsOn, useSecondPool } from '../../../test/services.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Viewer } from '../auth/viewer.ts';
import { createLan } from '../lans/lans.service.ts';
import { acceptInvitation, removeEntryMember } from './entry-members.ts';
import type { TournamentsDeps } from './tournament-changes.ts';
import { enterTournament } from './tournament-entries.ts';
import { holdTournament } from './tournaments.repository.ts';
import { createTournament, getTournament } from './tournaments.service.ts';

/*
 * One person accepting two teams' invitations at the same moment (issue 50, §6), without
 * HTTP in between so the transactions really overlap; on PostgreSQL through two pools, two
 * servers on one database. Whatever the interleaving, they join one team.
 */
describe.each(testEngines)('invitations accepted at once on %s', (engine) => {
  const { site, adminViewer: admin } = setUpOrganiserSite(engine);
  const second = useSecondPool(site);
  const depsOn = (db: AppDatabase): TournamentsDeps => ({ ...serviceDepsOn(db), isChatOn: false });

  const deps = () => depsOn(site.db);
  async function lanOf(name: string) {
    const lan = await createLan(serviceDepsOn(site.db), admin, {
      ...buildLanBody({ name, isActive: true }),
      location: null,
    });
    const participant = async (): Promise<Viewer> => {
      const { user } = await signInAs(site.db, site.issuer, ['Lanner']);
      await insertSubscriberRow(site.db, {
        lanId: lan.id,
        userId: user.id,
        status: 'Accepted',
        at: new Date(),
      });
      return { user, roles: ['Lanner'] };
    };
    const duos = (name: string) =>
      createTournament(deps(), admin, lan.id, {
        name,
        game: 'Quake',
        gameId: null,
        format: 'single_elimination',
        teamSize: 2,
        maxEntrants: 8,
        bestOf: 1,
        finalBestOf: null,
        signUpClosesAt: null,
        checkIn: false,
      });
    return { participant, duos };
  }

  it('joins one of two teams whose invitations one accepts at once', async () => {
    const { participant, duos } = await lanOf('Invitation Lan');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const tournament = await duos(`Duos ${attempt}`);
      const invitee = await participant();
      const entryIds: number[] = [];
      for (const name of ['Boost Goblins', 'Rail Gunners']) {
        const captain = await participant();
        const entered = await enterTournament(deps(), captain, tournament.id, {
          name,
          memberIds: [invitee.user.id],
        });
        entryIds.push(entered.entries.find((entry) => entry.name === name)?.id as number);
      }
      const answers = await Promise.allSettled(
        entryIds.map((entryId, index) =>
          acceptInvitation(
            depsOn(index % 2 === attempt % 2 ? site.db : second()),
            invitee,
            tournament.id,
            entryId,
            invitee.user.id,
          ),
        ),
      );
      expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
      const refused = answers.find((answer) => answer.status === 'rejected');
      expect(String(refused?.reason)).toMatch(/already|just joined/);
      const after = await getTournament(deps(), admin, tournament.id);
      const inTeams = after.entries.filter((entry) =>
        entry.members.some((member) => member.userId === invitee.user.id),
      );
      expect(inTeams).toHaveLength(1);
      expect(after.entries.flatMap((entry) => entry.invited)).toEqual([]);
    }
  });

  it.runIf(engine === 'postgres')(
    'refuses joining and taking out while another server holds the tournament',
    async () => {
      const { participant, duos } = await lanOf('Held Lan');
      const tournament = await duos('Held duos');
      const [captain, mate, stranger, other] = [
        await participant(),
        await participant(),
        await participant(),
        await participant(),
      ] as [Viewer, Viewer, Viewer, Viewer];
      const entered = await enterTournament(deps(), captain, tournament.id, {
        name: 'Held Goblins',
        memberIds: [mate.user.id],
      });
      const entryId = entered.entries[0]?.id as number;
      await enterTournament(deps(), other, tournament.id, {
        name: 'Elsewhere',
        memberIds: [stranger.user.id],
      });
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, tournament.id);
          const answers = await Promise.allSettled([
            acceptInvitation(deps(), stranger, tournament.id, entryId, stranger.user.id),
            acceptInvitation(deps(), other, tournament.id, entryId, other.user.id),
            removeEntryMember(deps(), stranger, tournament.id, entryId, mate.user.id),
            removeEntryMember(deps(), stranger, tournament.id, entryId, stranger.user.id),
          ]);
          return answers.map((answer) =>
            answer.status === 'rejected' ? (answer.reason as { status?: number }).status : 200,
          );
        });
      expect(statuses).toEqual([404, 409, 403, 404]);
    },
  );
});
