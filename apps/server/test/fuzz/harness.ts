import { type ApiSite, startApiSite } from '../api-site.ts';
import type { Caller } from '../signed-in.ts';
import type { Engine } from '../test-database.ts';
import { type Community, fuzzCallers, mayChangeRoles, seedCommunity } from './community.ts';
import { describeChanges, poolsOf, type Snapshot, takeSnapshot } from './fingerprint.ts';
import { listOperations, type OpenApiDocument, type Operation } from './operations.ts';
import type { ConcreteRequest, FuzzCase } from './requests.ts';
import { resolveCase } from './requests.ts';
import { LenientId } from './symbols.ts';

/**
 * Sends generated requests to a real site, as every caller, and checks what the API
 * promises whatever a client sends: never a 5xx, nothing changed by a refusal, one URL
 * per resource, and no roles gained by asking.
 */

export type FindingKind = '5xx' | 'changed rows' | 'lenient id accepted' | 'roles changed';

export type Finding = {
  kind: FindingKind;
  engine: Engine;
  operationKey: string;
  caller: Caller;
  fuzzCase: FuzzCase;
  request: ConcreteRequest;
  status: number;
  responseBody: string;
  details: string[];
  /** The command that sends this request again, when the run knows it. */
  replay?: string;
};

/** Requests answered, by status and by operation. */
export type Tally = {
  byStatus: Map<number, number>;
  byOperation: Map<string, Map<number, number>>;
  total: number;
};

export type FuzzSite = {
  engine: Engine;
  site: ApiSite;
  community: Community;
  operations: Operation[];
  tally: Tally;
  /** Sends the case as every caller; answers what went wrong (nothing, mostly). */
  exercise: (fuzzCase: FuzzCase) => Promise<Finding[]>;
  close: () => Promise<void>;
};

function newTally(): Tally {
  return { byStatus: new Map(), byOperation: new Map(), total: 0 };
}

function count(tally: Tally, operation: string, status: number) {
  tally.total += 1;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  const statuses = tally.byOperation.get(operation) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  tally.byOperation.set(operation, statuses);
}

const isReading = (method: string) => method === 'GET' || method === 'HEAD';

export async function startFuzzSite(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<FuzzSite> {
  const site = await startApiSite(engine, { TRUST_PROXY: 'loopback', ...env });
  try {
    const community = await seedCommunity(site);
    const operations = listOperations(site.app.swagger() as OpenApiDocument);
    const byKey = new Map(operations.map((operation) => [operation.key, operation]));
    const tally = newTally();
    let sent = 0;
    let before: Snapshot = await takeSnapshot(site.db, site.dataDir);

    const exercise = async (fuzzCase: FuzzCase): Promise<Finding[]> => {
      const operation = byKey.get(fuzzCase.operationKey);
      if (!operation) throw new Error(`No operation ${fuzzCase.operationKey}`);
      const findings: Finding[] = [];
      for (const caller of fuzzCallers) {
        const signedIn = community.callers.get(caller);
        const context = { pools: poolsOf(before), selfId: signedIn?.userId };
        const request = resolveCase(fuzzCase, operation, context, signedIn?.headers);
        // Each request from its own address (the site trusts its proxy on loopback):
        // limits per address would otherwise turn the run into 429s and hide what the
        // routes do. Limits per user still apply, and are fuzzed like the rest.
        sent += 1;
        request.headers['x-forwarded-for'] ??=
          `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
        const response = await site.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        count(tally, `${request.method} ${operation.path}`, response.statusCode);
        let after = await takeSnapshot(site.db, site.dataDir);
        const found = (kind: FindingKind, details: string[] = []) =>
          findings.push(finding(kind, { engine, fuzzCase, caller, request, response, details }));

        if (response.statusCode >= 500) found('5xx');
        if (response.statusCode >= 400) {
          const changes = describeChanges(before, after);
          if (changes.length > 0) found('changed rows', changes);
        }
        const isLenient = Object.values(fuzzCase.pathValues).some(
          (value) => value instanceof LenientId,
        );
        if (isLenient && response.statusCode < 300) found('lenient id accepted');
        if (response.statusCode < 300 && !isReading(request.method)) {
          const repaired = await community.repair();
          const forbidden = repaired.roleChanges.filter(
            (change) => !mayChangeRoles(caller, change),
          );
          const describe = (roles: string[]) => roles.join(', ') || 'none';
          if (forbidden.length > 0) {
            found(
              'roles changed',
              forbidden.map(
                (change) =>
                  `roles of the ${change.of} user: ${describe(change.before)} → ${describe(change.after)}`,
              ),
            );
          }
          if (repaired.isChanged) after = await takeSnapshot(site.db, site.dataDir);
        }
        before = after;
      }
      return findings;
    };

    return {
      engine,
      site,
      community,
      operations,
      tally,
      exercise,
      close: () => site.close(),
    };
  } catch (error) {
    await site.close();
    throw error;
  }
}

function finding(
  kind: FindingKind,
  found: {
    engine: Engine;
    fuzzCase: FuzzCase;
    caller: Caller;
    request: ConcreteRequest;
    response: { statusCode: number; body: string };
    details: string[];
  },
): Finding {
  return {
    kind,
    engine: found.engine,
    operationKey: found.fuzzCase.operationKey,
    caller: found.caller,
    fuzzCase: found.fuzzCase,
    request: found.request,
    status: found.response.statusCode,
    responseBody: found.response.body.slice(0, 600),
    details: found.details,
  };
}
