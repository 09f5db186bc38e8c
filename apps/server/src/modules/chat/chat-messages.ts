import { monthNames } from '@lanparty/contract';
import type { ChatMessage } from '../outbox/outbox.repository.ts';

/**
 * Discord-compatible webhook payloads. Pure functions: the caller queues the result with
 * `enqueueMessage` in the same transaction as the change, and the outbox worker posts it.
 */

/** Discord's limits; longer text makes the whole post fail with a 400. */
export const chatLimits = { title: 256, description: 4096, fieldName: 256, fieldValue: 1024 };

const botName = 'Lanparty';
/** The site's accent colour, as Discord wants it: an RGB integer. */
const lanColor = 0x2f80ed;
const acceptedColor = 0x27ae60;
/** Nobody is ever pinged: names like `@everyone` are shown, never acted on. */
const noMentions = { parse: [] as string[] };

const months = monthNames.map((name) => name.slice(0, 3));

/** The lan's page on the site; `publicUrl` may carry a path (`https://example.org/lan/`). */
export function lanPageUrl(publicUrl: URL, lanId: number): string {
  return sitePageUrl(publicUrl, `lans/${lanId}`);
}

/** A page of the site at `path` (no leading slash), below the public URL's own path. */
function sitePageUrl(publicUrl: URL, path: string): string {
  const base = publicUrl.href.endsWith('/') ? publicUrl.href : `${publicUrl.href}/`;
  return `${base}${path}`;
}

/**
 * `dd MMM yyyy`. With a time zone, the calendar day of that instant there (a lan starting
 * at midnight in Amsterdam is 23:00 UTC the day before); without one, the date part of
 * the ISO text as written, as the web app reads it.
 */
export function formatChatDate(isoDate: string, timeZone?: string): string {
  const instant = new Date(isoDate);
  if (timeZone && !Number.isNaN(instant.getTime())) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
    return formatChatDate(`${part('year')}-${part('month')}-${part('day')}`);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`'${isoDate}' is not an ISO date`);
  return `${match[3]} ${month} ${match[1]}`;
}

/**
 * Escapes Discord markdown in user-provided text, so a nickname like `*frag*` or a lan
 * name with `[link](…)` is shown as typed instead of formatting the post.
 */
export function escapeChatMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#[\]()<:-]/g, (character) => `\\${character}`);
}

/**
 * Cuts text to at most `maximum` characters (code points, so an emoji is never split),
 * ending with an ellipsis when cut. A backslash left dangling by the cut is dropped,
 * so an escape sequence is never broken in half.
 */
export function truncateChatText(text: string, maximum: number): string {
  const characters = Array.from(text);
  if (characters.length <= maximum) return text;
  let kept = characters.slice(0, maximum - 1).join('');
  const trailingBackslashes = /\\*$/.exec(kept)?.[0].length ?? 0;
  if (trailingBackslashes % 2 === 1) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

type Embed = {
  title: string;
  url: string;
  description: string;
  color: number;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  timestamp?: string;
};

function chatMessage(content: string, embed: Embed): ChatMessage {
  return { username: botName, content, embeds: [embed], allowed_mentions: noMentions };
}

/**
 * Posted when a lan is activated (isActive false → true): a rich card linking to the lan.
 * Pass the community's `timeZone` so the dates are its calendar days.
 */
export function lanActivatedMessage(params: {
  lan: { id: number; name: string; startDate: string; endDate: string; description: string };
  publicUrl: URL;
  timeZone?: string;
}): ChatMessage {
  const { lan, publicUrl, timeZone } = params;
  const description = lan.description.trim();
  return chatMessage('A new lan-party is announced!', {
    title: truncateChatText(escapeChatMarkdown(lan.name), chatLimits.title),
    url: lanPageUrl(publicUrl, lan.id),
    description: truncateChatText(
      description === '' ? 'Sign up on the site.' : description,
      chatLimits.description,
    ),
    color: lanColor,
    fields: [
      { name: 'Start', value: formatChatDate(lan.startDate, timeZone), inline: true },
      { name: 'End', value: formatChatDate(lan.endDate, timeZone), inline: true },
    ],
  });
}

/** Posted when a subscriber becomes Accepted. */
export function subscriberAcceptedMessage(params: {
  lan: { id: number; name: string };
  nickname: string;
  publicUrl: URL;
}): ChatMessage {
  const { lan, nickname, publicUrl } = params;
  const lanName = escapeChatMarkdown(lan.name);
  return chatMessage(
    truncateChatText(`${escapeChatMarkdown(nickname)} is joining ${lanName}!`, 2000),
    {
      title: truncateChatText(lanName, chatLimits.title),
      url: lanPageUrl(publicUrl, lan.id),
      description: truncateChatText(
        `**${escapeChatMarkdown(nickname)}** has been accepted as a lanner.`,
        chatLimits.description,
      ),
      color: acceptedColor,
    },
  );
}

const leaderboardColor = 0xf2c94c;
const medals = ['🥇', '🥈', '🥉'];

/** The leaderboard page of a month, `yyyy-MM`. */
export function leaderboardPageUrl(publicUrl: URL, month: string): string {
  const [year, number] = month.split('-');
  return sitePageUrl(publicUrl, `stats/leader-board/${year}/${Number(number)}`);
}

/**
 * Posted once after a month has ended (06:00 on the 1st): its top three players and
 * games, with hours, linking to the month's leaderboard, and the badges the podium earns.
 */
export function monthlyLeaderboardMessage(params: {
  month: string;
  players: ReadonlyArray<{ nickname: string; hours: number }>;
  games: ReadonlyArray<{ name: string; hours: number }>;
  publicUrl: URL;
}): ChatMessage {
  const { month, players, games, publicUrl } = params;
  const [year, number] = month.split('-');
  const monthName = `${monthNames[Number(number) - 1]} ${year}`;
  const podium = (entries: ReadonlyArray<{ name: string; hours: number }>) =>
    truncateChatText(
      entries
        .slice(0, 3)
        .map(
          (entry, index) =>
            `${medals[index]} ${escapeChatMarkdown(entry.name)} — ${formatHours(entry.hours)}`,
        )
        .join('\n') || 'Nobody yet.',
      chatLimits.fieldValue,
    );
  return chatMessage(`The leaderboard of ${monthName} is in!`, {
    title: truncateChatText(`Leaderboard ${monthName}`, chatLimits.title),
    url: leaderboardPageUrl(publicUrl, month),
    // The podium's badges (issue 36) are told here, once a month, with the board.
    description:
      'Who played the most, and what. The top three players earn the month’s gold, silver ' +
      'and bronze badges.',
    color: leaderboardColor,
    fields: [
      {
        name: 'Top players',
        value: podium(players.map((player) => ({ name: player.nickname, hours: player.hours }))),
        inline: true,
      },
      { name: 'Top games', value: podium(games), inline: true },
    ],
  });
}

function formatHours(hours: number): string {
  const rounded = Math.round(hours * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

const messageColor = 0x9b51e0;

/** Posted when a lan administrator sends a message to the participants with `chat: true`. */
export function lanMessageChatMessage(params: {
  lan: { id: number; name: string };
  subject: string;
  body: string;
  sender: string;
  publicUrl: URL;
}): ChatMessage {
  const { lan, subject, body, sender, publicUrl } = params;
  return chatMessage(
    truncateChatText(`A message to the lanners of ${escapeChatMarkdown(lan.name)}`, 2000),
    {
      title: truncateChatText(escapeChatMarkdown(subject), chatLimits.title),
      url: lanPageUrl(publicUrl, lan.id),
      description: truncateChatText(escapeChatMarkdown(body), chatLimits.description),
      color: messageColor,
      fields: [
        {
          name: 'From',
          value: truncateChatText(escapeChatMarkdown(sender), chatLimits.fieldValue),
          inline: true,
        },
      ],
    },
  );
}

const announcementColor = 0xf2994a;

/** Posted when a lan administrator posts an announcement with `toChat` (issue 35). */
export function announcementChatMessage(params: {
  lan: { id: number; name: string };
  text: string;
  publicUrl: URL;
}): ChatMessage {
  const { lan, text, publicUrl } = params;
  return chatMessage(truncateChatText(`Announcement at ${escapeChatMarkdown(lan.name)}`, 2000), {
    title: truncateChatText(escapeChatMarkdown(lan.name), chatLimits.title),
    url: lanPageUrl(publicUrl, lan.id),
    description: truncateChatText(escapeChatMarkdown(text), chatLimits.description),
    color: announcementColor,
  });
}

const tournamentColor = 0xf2c94c;

/** A tournament is over (issue 37): its winner, and the podium below, linking to the bracket. */
export function tournamentWinnerMessage(params: {
  lan: { name: string };
  tournament: { id: number; name: string; game: string };
  podium: readonly { rank: number; name: string }[];
  publicUrl: URL;
}): ChatMessage {
  const { lan, tournament, podium, publicUrl } = params;
  const winner = podium.find((place) => place.rank === 1)?.name ?? 'Nobody';
  const lines = podium.map(
    (place) => `${medals[place.rank - 1] ?? `${place.rank}.`} ${escapeChatMarkdown(place.name)}`,
  );
  return chatMessage(
    truncateChatText(
      `🏆 ${escapeChatMarkdown(winner)} won ${escapeChatMarkdown(tournament.name)} at ${escapeChatMarkdown(lan.name)}!`,
      2000,
    ),
    {
      title: truncateChatText(
        `${escapeChatMarkdown(tournament.name)} · ${escapeChatMarkdown(tournament.game)}`,
        chatLimits.title,
      ),
      url: sitePageUrl(publicUrl, `tournaments/${tournament.id}`),
      description: truncateChatText(lines.join('\n'), chatLimits.description),
      color: tournamentColor,
    },
  );
}

const foodColor = 0xeb5757;

/** The food of a round is here (issue 54), when its lan administrator tells the chat too. */
export function foodArrivedChatMessage(params: {
  lan: { id: number; name: string };
  supplier: string;
  publicUrl: URL;
}): ChatMessage {
  const { lan, supplier, publicUrl } = params;
  return chatMessage(
    truncateChatText(`🍕 The food from ${escapeChatMarkdown(supplier)} is here!`, 2000),
    {
      title: truncateChatText(escapeChatMarkdown(lan.name), chatLimits.title),
      url: lanPageUrl(publicUrl, lan.id),
      description: 'Come and get it at the desk.',
      color: foodColor,
    },
  );
}
