// The process logger: pino, JSON lines to stdout, written asynchronously so that logging one line per request
// does not cost a blocking write each time. flushLogger() writes what is buffered before the process exits.
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

const destinations = new WeakMap<Logger, ReturnType<typeof pino.destination>>();

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, dest: string | number = 1): Logger {
  const destination = pino.destination({ dest, sync: false });
  const log = pino({ level: config.LOG_LEVEL }, destination);
  destinations.set(log, destination);
  return log;
}

export function flushLogger(log: Logger): void {
  try {
    destinations.get(log)?.flushSync();
  } catch {
    // Not ready yet or already closed: nothing to write.
  }
}
