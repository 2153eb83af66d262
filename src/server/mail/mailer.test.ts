// The mailer both ways (decision 0045): through an SMTP server when SMTP_URL is set (a small one on loopback that
// speaks the protocol and keeps what it is given), and into DATA_DIR/outbox/ as .eml files without it.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../test/outbox.ts';
import { createMailer } from './mailer.ts';

/** An SMTP server that accepts everything, without TLS or auth, and keeps each session's commands and data. */
async function startSmtpServer() {
  const sessions: { commands: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    const session = { commands: [] as string[], data: '' };
    sessions.push(session);
    let buffer = '';
    let inData = false;
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        session.commands.push(line);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, sessions, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { log, lines };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-mailer-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const MAIL = { to: 'asha@example.in', subject: 'Reset your Lootklip password', text: 'Open this link.' };

describe('mailer', () => {
  it('sends through the SMTP server of SMTP_URL, from MAIL_FROM, and writes no file', async () => {
    const dataDir = newDataDir();
    const { log, lines } = captureLog();
    const mailer = createMailer(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Lootklip Team <team@shop.example.in>',
        dataDir,
        publicUrl: 'https://shop.example.in',
        isProduction: true,
      },
      log,
    );
    expect(mailer.kind).toBe('smtp');
    await mailer.send(MAIL);
    mailer.close();

    const session = smtp.sessions.at(-1)!;
    expect(session.commands).toContain('MAIL FROM:<team@shop.example.in>');
    expect(session.commands).toContain('RCPT TO:<asha@example.in>');
    expect(session.data).toMatch(/^Subject: Reset your Lootklip password$/m);
    expect(session.data).toMatch(/^To: asha@example\.in$/m);
    expect(session.data).toContain('Open this link.');
    expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });

  it('without SMTP_URL writes each mail to DATA_DIR/outbox as an .eml file, from the default sender', async () => {
    const dataDir = newDataDir();
    const { log, lines } = captureLog();
    const mailer = createMailer(
      {
        SMTP_URL: undefined,
        MAIL_FROM: undefined,
        dataDir,
        publicUrl: 'http://localhost:3000',
        isProduction: false,
      },
      log,
    );
    expect(mailer.kind).toBe('outbox');
    const sessionsBefore = smtp.sessions.length;
    await mailer.send(MAIL);
    await mailer.send({ ...MAIL, to: 'meera@example.in' });

    const mails = readOutbox(path.join(dataDir, 'outbox'));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['asha@example.in', 'meera@example.in']);
    expect(mails[0]).toMatchObject({
      from: 'Lootklip <no-reply@localhost>',
      subject: MAIL.subject,
      text: MAIL.text,
    });
    expect(fs.readdirSync(path.join(dataDir, 'outbox')).every((name) => name.endsWith('.eml'))).toBe(true);
    expect(lines.filter((line) => line.msg === 'mail written to the outbox (no SMTP_URL)')).toHaveLength(2);
    expect(smtp.sessions).toHaveLength(sessionsBefore);
  });

  it('warns at start when a production server has no SMTP_URL', () => {
    const { log, lines } = captureLog();
    createMailer(
      {
        SMTP_URL: undefined,
        MAIL_FROM: undefined,
        dataDir: newDataDir(),
        publicUrl: 'https://shop.example.in',
        isProduction: true,
      },
      log,
    );
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
      expect.stringMatching(/^SMTP_URL is not set/),
    ]);
  });
});
