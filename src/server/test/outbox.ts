// The mails in an outbox folder (src/server/mail/mailer.ts without SMTP_URL), read as a person's mail client would
// show them: for tests that follow a link from a mail (API tests, and the browser test of a password reset).
import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  /** The text body, quoted-printable decoded. */
  text: string;
}

/** RFC 2045 quoted-printable: soft line breaks joined, =XX bytes decoded (as UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '';
  const quoted = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  const base64 = /base64/i.test(header('Content-Transfer-Encoding'));
  const text = quoted
    ? decodeQuotedPrintable(body)
    : base64
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
  return { file, to: header('To'), from: header('From'), subject: header('Subject'), text };
}

/** Every complete mail in the folder, oldest first; none when it does not exist yet. */
export function readOutbox(dir: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}

/** The password reset link in a mail's text. */
export function findResetLink(text: string): string {
  const link = text.match(/https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return link;
}
