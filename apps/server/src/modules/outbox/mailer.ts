import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.ts';
import { mailFileName, mailFolderOf } from './mail-files.ts';
import type { EmailMessage } from './outbox.repository.ts';

export type SendEmail = (message: EmailMessage, messageId: string) => Promise<void>;

/**
 * SMTP when configured. Otherwise (the embedded default) each mail becomes an .eml file
 * in `<data>/mail` — open it with any mail program — and its name is logged, so the
 * person running the site can follow a verification link without a mail server.
 */
export function createMailer(mail: MailConfig, dataDir: string, log: FastifyBaseLogger): SendEmail {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return async (message) => {
      await transport.sendMail(composed(mail.from, message));
    };
  }
  const folder = mailFolderOf(dataDir);
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async (message, messageId) => {
    const { message: raw } = await composer.sendMail(composed(mail.from, message));
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, mailFileName(new Date(), messageId));
    await writeFile(`${file}.tmp`, raw as Buffer);
    await rename(`${file}.tmp`, file);
    // Where it is, not what it says nor to whom: a log is kept longer, and read by more
    // people, than the mail folder (whose files an erasure deletes).
    log.info({ file }, 'mail written to a file (no SMTP_URL)');
  };
}

/** The mail as nodemailer takes it: the site's sender, and only the parts a message has. */
function composed(from: string, message: EmailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}
