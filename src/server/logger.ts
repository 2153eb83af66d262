// The process logger: pino, JSON lines to stdout. Lines are gathered in memory and written in blocks of
// LOG_BUFFER_BYTES (or every LOG_FLUSH_INTERVAL_MS, whichever comes first), so that one line per request does
// not cost one write system call per request. flushLogger() writes what is buffered before the process exits.
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 1000;

const destinations = new WeakMap<Logger, ReturnType<typeof pino.destination>>();

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, dest: string | number = 1): Logger {
  const destination = pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES });
  const log = pino({ level: config.LOG_LEVEL }, destination);
  destinations.set(log, destination);
  // A quiet server still shows its latest lines within a second.
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Not open yet or already closed.
    }
  }, LOG_FLUSH_INTERVAL_MS).unref();
  return log;
}

export function flushLogger(log: Logger): void {
  try {
    destinations.get(log)?.flushSync();
  } catch {
    // Not ready yet or already closed: nothing to write.
  }
}
