import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

/*
 * Without SMTP_URL mail is written to files; the log says where, and nothing of the mail:
 * neither its text (a verification link, a lan message) nor to whom it went (issue 50).
 */
describe('mail written to files', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('logs the file it wrote, not the address, the subject nor the text', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-mailer-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const send = createMailer({ smtpUrl: undefined, from: 'lanparty@example.org' }, dataDir, log);

    await send(
      {
        to: 'frag.person@example.org',
        subject: 'Verify your address, Frag',
        text: 'Open https://lan.example/profile/email-verification/c0de5ecret to verify it.',
        replyTo: 'organiser.person@example.org',
      },
      '42',
    );

    const [file] = readdirSync(path.join(dataDir, 'mail'));
    expect(file).toMatch(/-42\.eml$/);
    const logged = lines.join('');
    expect(logged).toContain(file);
    for (const personal of [
      'frag.person@example.org',
      'organiser.person@example.org',
      'Frag',
      'c0de5ecret',
      'verify it',
    ])
      expect(logged).not.toContain(personal);
  });
});
