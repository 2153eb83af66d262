// Outgoing mail (docs/decisions/0045-password-reset.md), through nodemailer: to the SMTP server of SMTP_URL or,
// without one, into DATA_DIR/outbox/ as one .eml file per message (RFC 5322, as it would have been sent), so that
// what mails a person (a password reset link) works on a fresh clone. Senders log what the person needs from an
// outbox mail themselves: only they know which part of it matters.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME } from '../../shared/constants.ts';
import type { Config } from '../config.ts';

export const OUTBOX_DIR_NAME = 'outbox';

/** How long an SMTP server may take to connect, greet and answer each command, before the send fails. */
const SMTP_TIMEOUT_MS = 15_000;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' delivers; 'outbox' writes each mail to `outboxDir`. */
  readonly kind: 'smtp' | 'outbox';
  readonly outboxDir: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir' | 'publicUrl' | 'isProduction'>;

/** `Lootklip <no-reply@host>`, the host of PUBLIC_URL (localhost on a fresh clone). */
export const defaultSender = (publicUrl: string) =>
  `${PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`;

/** A name that sorts by time and never collides: 2026-11-28T03-41-07-123Z-1a2b3c4d.eml */
const outboxFileName = () =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  const from = config.MAIL_FROM ?? defaultSender(config.publicUrl);
  const outboxDir = path.join(config.dataDir, OUTBOX_DIR_NAME);

  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(
      {
        url: config.SMTP_URL,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      },
      { from },
    );
    return {
      kind: 'smtp',
      outboxDir,
      async send(mail) {
        await transport.sendMail(mail);
      },
      close: () => transport.close(),
    };
  }

  if (config.isProduction) {
    log.warn(`SMTP_URL is not set: mail is written to ${outboxDir}, not sent (password reset links too)`);
  }
  // The message as SMTP would carry it, into a Buffer instead of onto the wire.
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from },
  );
  return {
    kind: 'outbox',
    outboxDir,
    async send(mail) {
      const { message } = await transport.sendMail(mail);
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxFileName());
      // Whole or not at all: a reader of the folder never sees half a message.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, message as Buffer);
      await fs.rename(partial, file);
      log.info({ to: mail.to, file }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}
