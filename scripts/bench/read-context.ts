import { Browser } from './browser.ts';
import type { ReadContext } from './reads.ts';

/** What the URLs of scripts/bench/reads.ts need, asked of the running site as the member. */

/** The visitor's today, as the web app's todayIsoDate gives it. */
function todayIsoDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function getJson<Body>(origin: string, path: string, token: string): Promise<Body> {
  const answer = await new Browser().get(`${origin}${path}`, {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
  });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return JSON.parse(answer.body.toString()) as Body;
}

type Page = { items: { id: number }[]; total: number };

/** The ids of every item of a paged list, a page of 100 at a time. */
async function idsOfAll(origin: string, path: string, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; ) {
    const page = await getJson<Page>(origin, `${path}?offset=${offset}&limit=100`, token);
    ids.push(...page.items.map((item) => item.id));
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) return ids;
  }
}

/** What the URLs need, asked of the site as the member. */
export async function discoverContext(origin: string, token: string): Promise<ReadContext> {
  const today = todayIsoDate();
  const upcoming = await getJson<Page>(
    origin,
    `/api/lans?sinceDate=${today}&sort=start-date&limit=5`,
    token,
  );
  const lanIds = await idsOfAll(origin, '/api/lans', token);
  const last = await getJson<{ month: string }>(
    origin,
    '/api/stats/leader-boards/users/months/last',
    token,
  );
  const boards = await getJson<{ users: string[]; games: string[] }>(
    origin,
    '/api/stats/leader-boards',
    token,
  );
  const years = await getJson<number[]>(origin, '/api/stats/summaries', token);
  const runningYear = new Date().getFullYear();
  const year = years.find((candidate) => candidate < runningYear);
  const me = await getJson<{ id: number; clan: { id: number } | null }>(
    origin,
    '/api/users/me',
    token,
  );
  const clanIds = await idsOfAll(origin, '/api/clans', token);
  const lanId = upcoming.items[0]?.id;
  const clanId = me.clan?.id ?? clanIds[0];
  if (lanId === undefined || year === undefined || lanIds.length === 0 || clanId === undefined)
    throw new Error(
      'The demo community has no upcoming lan, no closed year with a rewind or no clan',
    );
  return {
    today,
    lanId,
    lanIds,
    lastMonth: last.month,
    months: [...new Set([...boards.users, ...boards.games])].sort().reverse(),
    year,
    runningYear,
    years,
    userId: me.id,
    clanId,
    clanIds,
  };
}
