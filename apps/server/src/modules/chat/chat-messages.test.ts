import { describe, expect, it } from 'vitest';
import {
  chatLimits,
  escapeChatMarkdown,
  formatChatDate,
  lanActivatedMessage,
  lanPageUrl,
  subscriberAcceptedMessage,
  truncateChatText,
} from './chat-messages.ts';

const publicUrl = new URL('https://lan.example/');

function aLan(overrides: Partial<Parameters<typeof lanActivatedMessage>[0]['lan']> = {}) {
  return {
    id: 12,
    name: 'Winter Lan 2026',
    startDate: '2026-12-04T18:00:00.000+01:00',
    endDate: '2026-12-06T16:00:00.000+01:00',
    description: 'Bring your own computer.',
    ...overrides,
  };
}

type Embed = {
  title: string;
  url: string;
  description: string;
  color: number;
  fields?: Array<{ name: string; value: string }>;
};
const embedOf = (message: Record<string, unknown>) => (message.embeds as Embed[])[0] as Embed;

describe('lanActivatedMessage', () => {
  it('builds a rich message linking to the lan page', () => {
    const message = lanActivatedMessage({ lan: aLan(), publicUrl });
    expect(message).toEqual({
      username: 'Lanparty',
      content: 'A new lan-party is announced!',
      embeds: [
        {
          title: 'Winter Lan 2026',
          url: 'https://lan.example/lans/12',
          description: 'Bring your own computer.',
          color: expect.any(Number),
          fields: [
            { name: 'Start', value: '04 Dec 2026', inline: true },
            { name: 'End', value: '06 Dec 2026', inline: true },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('survives a JSON round trip unchanged, as the outbox stores it', () => {
    const message = lanActivatedMessage({ lan: aLan(), publicUrl });
    expect(JSON.parse(JSON.stringify(message))).toEqual(message);
  });

  it('escapes markdown in the lan name', () => {
    const message = lanActivatedMessage({
      lan: aLan({ name: '*Big* [lan](http://x)' }),
      publicUrl,
    });
    expect(embedOf(message).title).toBe('\\*Big\\* \\[lan\\]\\(http\\://x\\)');
  });

  it('trims the title to 256 and the description to 4096 characters', () => {
    const message = lanActivatedMessage({
      lan: aLan({ name: 'n'.repeat(300), description: 'd'.repeat(5000) }),
      publicUrl,
    });
    const embed = embedOf(message);
    expect(Array.from(embed.title)).toHaveLength(chatLimits.title);
    expect(embed.title.endsWith('…')).toBe(true);
    expect(Array.from(embed.description)).toHaveLength(chatLimits.description);
  });

  it('says something useful when the lan has no description', () => {
    const message = lanActivatedMessage({ lan: aLan({ description: '  ' }), publicUrl });
    expect(embedOf(message).description).toBe('Sign up on the site.');
  });

  it('links below a public URL that has a path', () => {
    const message = lanActivatedMessage({
      lan: aLan(),
      publicUrl: new URL('https://example.org/lanparty'),
    });
    expect(embedOf(message).url).toBe('https://example.org/lanparty/lans/12');
  });
});

describe('subscriberAcceptedMessage', () => {
  it('names the lanner and links to the lan', () => {
    const message = subscriberAcceptedMessage({
      lan: { id: 3, name: 'Spring Lan' },
      nickname: 'Frag',
      publicUrl,
    });
    expect(message).toEqual({
      username: 'Lanparty',
      content: 'Frag is joining Spring Lan!',
      embeds: [
        {
          title: 'Spring Lan',
          url: 'https://lan.example/lans/3',
          description: '**Frag** has been accepted as a lanner.',
          color: expect.any(Number),
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('escapes markdown in the nickname and the lan name and pings nobody', () => {
    const message = subscriberAcceptedMessage({
      lan: { id: 3, name: 'Lan_2' },
      nickname: '@everyone **x**',
      publicUrl,
    });
    expect(message.content).toBe('@everyone \\*\\*x\\*\\* is joining Lan\\_2!');
    expect(embedOf(message).description).toBe(
      '**@everyone \\*\\*x\\*\\*** has been accepted as a lanner.',
    );
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('escapeChatMarkdown', () => {
  it('escapes every markdown character', () => {
    expect(escapeChatMarkdown('\\*_~`|>#[]()<:-')).toBe(
      '\\\\\\*\\_\\~\\`\\|\\>\\#\\[\\]\\(\\)\\<\\:\\-',
    );
  });

  it('leaves plain text alone', () => {
    expect(escapeChatMarkdown('Frag 2000')).toBe('Frag 2000');
  });
});

describe('truncateChatText', () => {
  it('keeps text within the limit as it is', () => {
    expect(truncateChatText('abc', 3)).toBe('abc');
  });

  it('never splits an emoji', () => {
    expect(truncateChatText('🎮🎮🎮🎮', 3)).toBe('🎮🎮…');
  });

  it('never leaves half an escape sequence', () => {
    expect(truncateChatText('ab\\*cd', 4)).toBe('ab…');
    expect(truncateChatText('a\\\\cd', 4)).toBe('a\\\\…');
  });
});

describe('formatChatDate and lanPageUrl', () => {
  it('formats dates as dd MMM yyyy from the date as written', () => {
    expect(formatChatDate('2025-01-05T00:00:00+01:00')).toBe('05 Jan 2025');
    expect(formatChatDate('2025-12-31')).toBe('31 Dec 2025');
  });

  it("formats the community's calendar day when given its time zone", () => {
    expect(formatChatDate('2026-12-04T23:00:00.000Z', 'Europe/Amsterdam')).toBe('05 Dec 2026');
    expect(formatChatDate('2026-12-04T23:00:00.000Z')).toBe('04 Dec 2026');
    expect(formatChatDate('2026-09-04T16:00:00.000Z', 'Europe/Amsterdam')).toBe('04 Sep 2026');
  });

  it('shows the dates of an announcement in the community time zone', () => {
    const message = lanActivatedMessage({
      lan: aLan({ startDate: '2026-12-04T23:00:00.000Z', endDate: '2026-12-06T22:30:00.000Z' }),
      publicUrl,
      timeZone: 'Europe/Amsterdam',
    });
    expect(embedOf(message).fields?.map((field) => field.value)).toEqual([
      '05 Dec 2026',
      '06 Dec 2026',
    ]);
  });

  it('refuses text that is not a date', () => {
    expect(() => formatChatDate('yesterday')).toThrow();
  });

  it('joins the public URL and the lan id', () => {
    expect(lanPageUrl(new URL('http://localhost:3000'), 7)).toBe('http://localhost:3000/lans/7');
  });
});
