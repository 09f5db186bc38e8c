import { loadConfig } from '../../src/config.ts';
import {
  anonymousWritesPerAddress,
  writesPerUser,
} from '../../src/modules/limits/attempt-limits.ts';
import { type ApiSite, startApiSite } from '../api-site.ts';
import type { Caller } from '../signed-in.ts';
import type { Engine } from '../test-database.ts';
import { type Community, fuzzCallers, mayChangeRoles, seedCommunity } from './community.ts';
import { describeChanges, poolsOf, type Snapshot, takeSnapshot } from './fingerprint.ts';
import { listOperations, type OpenApiDocument, type Operation } from './operations.ts';
import type { ConcreteRequest, FuzzCase } from './requests.ts';
import { resolveCase } from './requests.ts';
import {
  type Answer,
  noAnswer,
  type SignInSite,
  signInTablesAllowedToChange,
  startSignInSite,
} from './sign-in.ts';
import { LenientId } from './symbols.ts';

/**
 * Sends generated requests to a real site, as every caller, and checks what the API
 * promises whatever a client sends: an answer within 10 s, never a 5xx, a 429 that says
 * when to come back, nothing changed by a refusal, one URL per resource, and no roles
 * gained by asking. The embedded sign-in's routes go to a site of their own (sign-in.ts).
 */

export type FindingKind =
  | '5xx'
  | 'no answer'
  | '429 without Retry-After'
  | 'burst not limited'
  | 'changed rows'
  | 'lenient id accepted'
  | 'roles changed';

/** How long a request may take; one that takes longer counts as never answered. */
export const answerTimeoutMs = 10_000;

export type Finding = {
  kind: FindingKind;
  engine: Engine;
  operationKey: string;
  caller: Caller;
  fuzzCase: FuzzCase;
  request: ConcreteRequest;
  /** 0: no answer in time. */
  status: number;
  responseBody: string;
  details: string[];
  /** The command that sends this request again, when the run knows it. */
  replay?: string;
};

/** Requests answered, by status (0: no answer in time) and by operation. */
export type Tally = {
  byStatus: Map<number, number>;
  byOperation: Map<string, Map<number, number>>;
  total: number;
};

export type FuzzSite = {
  engine: Engine;
  site: ApiSite;
  signIn: SignInSite;
  community: Community;
  /** The API's operations, then the sign-in's. */
  operations: Operation[];
  tally: Tally;
  /** Sends the case as every caller (a burst: as one); answers what went wrong (nothing, mostly). */
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

/** What is wrong with an answer whatever was asked. */
function answerProblem(answer: Answer): FindingKind | undefined {
  if (answer.statusCode === 0) return 'no answer';
  if (answer.statusCode >= 500) return '5xx';
  if (answer.statusCode === 429) {
    // Seconds or an HTTP date (RFC 9110, 10.2.3).
    const retryAfter = String(answer.headers['retry-after'] ?? '');
    if (!/^\d+$/.test(retryAfter) && Number.isNaN(Date.parse(retryAfter))) {
      return '429 without Retry-After';
    }
  }
  return undefined;
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, undefined);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startFuzzSite(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<FuzzSite> {
  const site = await startApiSite(engine, {
    TRUST_PROXY: 'loopback',
    // The write limit a real site has (route tests raise it to set up their data fast).
    WRITES_PER_MINUTE: String(loadConfig({}).writesPerMinute),
    ...env,
  });
  let signIn: SignInSite | undefined;
  try {
    signIn = await startSignInSite(engine, env);
    const signInSite = signIn;
    const community = await seedCommunity(site);
    const operations = [
      ...listOperations(site.app.swagger() as OpenApiDocument, site.config.writesPerMinute),
      ...signInSite.operations,
    ];
    const byKey = new Map(operations.map((operation) => [operation.key, operation]));
    const tally = newTally();
    let sent = 0;
    let before: Snapshot = await takeSnapshot(site.db, site.dataDir);
    let signInBefore: Snapshot = await takeSnapshot(signInSite.db, signInSite.dataDir);

    // Each request from its own address (the sites trust their proxy on loopback): limits
    // per address would otherwise turn the run into 429s and hide what the routes do.
    // Limits per user still apply, and are fuzzed like the rest (but the write limit, below).
    const nextAddress = () => {
      sent += 1;
      return `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    };
    const sendToApi = async (request: ConcreteRequest): Promise<Answer> => {
      const response = await withTimeout(
        site.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        }),
        answerTimeoutMs,
      );
      if (!response) return noAnswer(`(no answer in ${answerTimeoutMs / 1000} s)`);
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    };
    /**
     * The write limit (120 changes a minute per person by default) would answer over half
     * of a long run's changes with 429s, and the routes behind it would go untried: each
     * case starts with a full allowance (the anonymous caller's, per address, too). Bursts,
     * which start from one too, meet the limit.
     */
    const writeLimits = [writesPerUser, anonymousWritesPerAddress].map((limit) =>
      limit(site.config.writesPerMinute),
    );
    const forgetWriteCounts = () =>
      site.db
        .deleteFrom('attempt_counters')
        .where((eb) => eb.or(writeLimits.map(({ name }) => eb('key', 'like', `${name}:%`))))
        .execute();
    /**
     * Puts the community back after a successful change, and answers the roles it gave or
     * took that its caller may not.
     */
    const repairAfter = async (caller: Caller) => {
      const repaired = await community.repair();
      const describe = (roles: string[]) => roles.join(', ') || 'none';
      const forbidden = repaired.roleChanges
        .filter((change) => !mayChangeRoles(caller, change))
        .map(
          (change) =>
            `roles of the ${change.of} user: ${describe(change.before)} → ${describe(change.after)}`,
        );
      return { isChanged: repaired.isChanged, forbidden };
    };

    const exerciseApi = async (fuzzCase: FuzzCase, operation: Operation): Promise<Finding[]> => {
      const findings: Finding[] = [];
      for (const caller of fuzzCallers) {
        const signedIn = community.callers.get(caller);
        const context = { pools: poolsOf(before), selfId: signedIn?.userId };
        const request = resolveCase(fuzzCase, operation, context, signedIn?.headers);
        request.headers['x-forwarded-for'] ??= nextAddress();
        const answer = await sendToApi(request);
        const status = answer.statusCode;
        count(tally, `${request.method} ${operation.path}`, status);
        let after = await takeSnapshot(site.db, site.dataDir);
        const found = (kind: FindingKind, details: string[] = []) =>
          findings.push(finding(kind, { engine, fuzzCase, caller, request, answer, details }));

        const problem = answerProblem(answer);
        if (problem) found(problem);
        if (status >= 400) {
          const changes = describeChanges(before, after);
          if (changes.length > 0) found('changed rows', changes);
        }
        const isLenient = Object.values(fuzzCase.pathValues).some(
          (value) => value instanceof LenientId,
        );
        const isSuccess = status > 0 && status < 300;
        if (isLenient && isSuccess) found('lenient id accepted');
        if (isSuccess && !isReading(request.method)) {
          const repaired = await repairAfter(caller);
          if (repaired.forbidden.length > 0) found('roles changed', repaired.forbidden);
          if (repaired.isChanged) after = await takeSnapshot(site.db, site.dataDir);
        }
        before = after;
      }
      return findings;
    };

    /**
     * One caller's burst: the same request `size` times at once. Which of them changed
     * what cannot be told apart, so rows are not checked one by one; roles still are.
     */
    const exerciseBurst = async (
      fuzzCase: FuzzCase,
      operation: Operation,
      burst: NonNullable<FuzzCase['burst']>,
    ): Promise<Finding[]> => {
      const signedIn = community.callers.get(burst.caller);
      const context = { pools: poolsOf(before), selfId: signedIn?.userId };
      const request = resolveCase(fuzzCase, operation, context, signedIn?.headers);
      request.headers['x-forwarded-for'] ??= nextAddress();
      const answers = await Promise.all(
        Array.from({ length: burst.size }, () => sendToApi(request)),
      );
      const findings = burstFindings(answers, { engine, fuzzCase, operation, request, burst });
      for (const answer of answers)
        count(tally, `${request.method} ${operation.path}`, answer.statusCode);
      const success = answers.find((answer) => answer.statusCode > 0 && answer.statusCode < 300);
      if (success) {
        const { forbidden } = await repairAfter(burst.caller);
        if (forbidden.length > 0) {
          findings.push(
            finding('roles changed', {
              engine,
              fuzzCase,
              caller: burst.caller,
              request,
              answer: success,
              details: forbidden,
            }),
          );
        }
      }
      before = await takeSnapshot(site.db, site.dataDir);
      return findings;
    };

    /**
     * A sign-in request, sent once (a burst: `size` times at once) by the browser with the
     * sign-in under way. A refusal may change the provider's records, nothing else.
     */
    const exerciseSignIn = async (fuzzCase: FuzzCase, operation: Operation): Promise<Finding[]> => {
      const context = {
        pools: poolsOf(before),
        selfId: undefined,
        interactionUid: signInSite.browser.uid,
      };
      const request = resolveCase(fuzzCase, operation, context, undefined);
      request.headers = { cookie: signInSite.browser.cookie, ...request.headers };
      request.headers['x-forwarded-for'] ??= nextAddress();
      const size = fuzzCase.burst?.size ?? 1;
      const answers = await Promise.all(
        Array.from({ length: size }, () => signInSite.send(request, answerTimeoutMs)),
      );
      for (const answer of answers)
        count(tally, `${request.method} ${operation.path}`, answer.statusCode);
      const after = await takeSnapshot(signInSite.db, signInSite.dataDir);
      let findings: Finding[];
      if (fuzzCase.burst) {
        findings = burstFindings(answers, {
          engine,
          fuzzCase,
          operation,
          request,
          burst: fuzzCase.burst,
        });
      } else {
        const answer = answers[0] ?? noAnswer('(not sent)');
        const found = (kind: FindingKind, details: string[] = []) =>
          finding(kind, { engine, fuzzCase, caller: 'anonymous', request, answer, details });
        findings = [];
        const problem = answerProblem(answer);
        if (problem) findings.push(found(problem));
        if (answer.statusCode >= 400) {
          const changes = describeChanges(signInBefore, after, signInTablesAllowedToChange);
          if (changes.length > 0) findings.push(found('changed rows', changes));
        }
      }
      signInBefore = after;
      // A redirect from the sign-in's pages may have finished it: the next case starts another.
      const isRedirect = answers.some(
        (answer) => answer.statusCode >= 300 && answer.statusCode < 400,
      );
      if (isRedirect && operation.path.startsWith('/oidc/interaction/')) await signInSite.renew();
      return findings;
    };

    const exercise = async (fuzzCase: FuzzCase): Promise<Finding[]> => {
      const operation = byKey.get(fuzzCase.operationKey);
      if (!operation) throw new Error(`No operation ${fuzzCase.operationKey}`);
      if (operation.site === 'sign-in') return exerciseSignIn(fuzzCase, operation);
      await forgetWriteCounts();
      if (fuzzCase.burst) return exerciseBurst(fuzzCase, operation, fuzzCase.burst);
      return exerciseApi(fuzzCase, operation);
    };

    return {
      engine,
      site,
      signIn: signInSite,
      community,
      operations,
      tally,
      exercise,
      async close() {
        await signInSite.close();
        await site.close();
      },
    };
  } catch (error) {
    await signIn?.close();
    await site.close();
    throw error;
  }
}

/**
 * What went wrong in a burst: each kind of problem once (with how many answers had it),
 * and no 429 at all where more than the allowance were sent.
 */
function burstFindings(
  answers: Answer[],
  burst: {
    engine: Engine;
    fuzzCase: FuzzCase;
    operation: Operation;
    request: ConcreteRequest;
    burst: NonNullable<FuzzCase['burst']>;
  },
): Finding[] {
  const { size, caller } = burst.burst;
  const statuses = new Map<number, number>();
  for (const answer of answers) {
    const status = answer.statusCode;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const counts = `${size} sent at once; answers: ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, times]) => `${status}×${times}`)
    .join(' ')}`;
  const byKind = new Map<FindingKind, { answer: Answer; times: number }>();
  for (const answer of answers) {
    const kind = answerProblem(answer);
    if (!kind) continue;
    const seen = byKind.get(kind) ?? { answer, times: 0 };
    seen.times += 1;
    byKind.set(kind, seen);
  }
  const findings = [...byKind].map(([kind, { answer, times }]) =>
    finding(kind, { ...burst, caller, answer, details: [`${times} of the ${size}; ${counts}`] }),
  );
  const allowance = burst.operation.burst?.allowance;
  const last = answers.at(-1);
  if (allowance !== undefined && size > allowance && !statuses.has(429) && last) {
    findings.push(
      finding('burst not limited', {
        ...burst,
        caller,
        answer: last,
        details: [`at most ${allowance} may pass; ${counts}`],
      }),
    );
  }
  return findings;
}

function finding(
  kind: FindingKind,
  found: {
    engine: Engine;
    fuzzCase: FuzzCase;
    caller: Caller;
    request: ConcreteRequest;
    answer: Answer;
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
    status: found.answer.statusCode,
    responseBody: found.answer.body.slice(0, 600),
    details: found.details,
  };
}
