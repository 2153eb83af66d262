// The lines a logger of createLogger(config, file) has written so far, parsed: for tests that read the log.
import fs from 'node:fs';
import { flushLogger, type createLogger } from '../logger.ts';

export function readLogLines(
  log: ReturnType<typeof createLogger>,
  file: string,
): Array<Record<string, unknown>> {
  flushLogger(log);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
