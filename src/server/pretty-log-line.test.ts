// A JSON log line as a person at a terminal reads it (decision 0051).
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { formatLogLine } from './pretty-log-line.ts';
import { isColorLog, isPrettyLog } from './logger.ts';

const AT = new Date(2026, 10, 29, 11, 4, 9).getTime();
const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: AT, pid: 4242, hostname: 'vm', ...fields })}\n`;
const plain = { color: false };

describe('pretty log line', () => {
  it('is the time and the message for an info line: no pid, host or JSON', () => {
    expect(formatLogLine(line({ msg: 'Seeding demo marketplace: 40/63 products' }), plain)).toBe(
      '11:04:09 Seeding demo marketplace: 40/63 products\n',
    );
  });

  it('names warnings and errors, keeps short fields as key=value and leaves objects to the JSON log', () => {
    const text = formatLogLine(
      line({
        level: 40,
        msg: 'no usable ffmpeg: video uploads will fail until one is configured',
        err: 'spawn ffmpeg ENOENT',
        source: 'npm',
        phases: { boot: 400 },
      }),
      plain,
    );
    expect(text).toBe(
      '11:04:09 WARN  no usable ffmpeg: video uploads will fail until one is configured err="spawn ffmpeg ENOENT" source=npm\n',
    );
  });

  it("does not repeat a value the message says, and writes an error's stack below its line", () => {
    expect(
      formatLogLine(
        line({ msg: 'Lootklip is running at http://localhost:3000', url: 'http://localhost:3000', ms: 1234 }),
        plain,
      ),
    ).toBe('11:04:09 Lootklip is running at http://localhost:3000 ms=1234\n');
    const error = formatLogLine(
      line({
        level: 50,
        msg: 'job failed',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
      }),
      plain,
    );
    expect(error).toBe('11:04:09 ERROR job failed err=boom\nError: boom\n    at x\n');
  });

  it('writes a request as one short line', () => {
    const text = formatLogLine(
      line({ msg: 'request', reqId: 'a-b-c', method: 'GET', url: '/api/v1/content', status: 200, ms: 12 }),
      plain,
    );
    expect(text).toBe('11:04:09 GET /api/v1/content 200 12 ms\n');
  });

  it('colours the level and the time only when asked, and passes a line that is not JSON as it is', () => {
    const coloured = formatLogLine(line({ level: 50, msg: 'failed' }), { color: true });
    expect(coloured).toContain('\u001b[31mERROR');
    expect(formatLogLine(line({ level: 50, msg: 'failed' }), plain)).not.toContain('\u001b[');
    expect(formatLogLine('not json', plain)).toBe('not json\n');
  });

  it('formats what pino itself writes', () => {
    const written: string[] = [];
    pino({ level: 'info' }, { write: (text: string) => void written.push(formatLogLine(text, plain)) }).info(
      { applied: ['0001_create_users.sql'] },
      'Migrations applied: 1',
    );
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d Migrations applied: 1\n$/);
  });

  it('is used on a terminal (LOG_FORMAT=auto), never for a file, and as LOG_FORMAT forces', () => {
    expect(isPrettyLog('auto', 1, true)).toBe(true);
    expect(isPrettyLog('auto', 1, false)).toBe(false);
    expect(isPrettyLog('auto', '/var/log/lootklip.jsonl', true)).toBe(false);
    expect(isPrettyLog('json', 1, true)).toBe(false);
    expect(isPrettyLog('pretty', 1, false)).toBe(true);
  });

  it('is coloured only when written to stdout on a terminal, and never with NO_COLOR', () => {
    expect(isColorLog(true, 1, true, undefined)).toBe(true);
    // LOG_FORMAT=pretty into a file while the process runs in a terminal: plain text in the file.
    expect(isColorLog(true, '/var/log/lootklip.log', true, undefined)).toBe(false);
    expect(isColorLog(true, 1, false, undefined)).toBe(false);
    expect(isColorLog(true, 1, true, '1')).toBe(false);
    expect(isColorLog(false, 1, true, undefined)).toBe(false);
  });
});
