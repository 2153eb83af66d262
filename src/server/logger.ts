// The process logger: pino, JSON lines to stdout, or short human-readable lines when stdout is a terminal
// (LOG_FORMAT, decision 0051). JSON lines are gathered in memory and written in blocks of LOG_BUFFER_BYTES (or
// every LOG_FLUSH_INTERVAL_MS, whichever comes first), so that one line per request does not cost one write system
// call per request; a terminal gets each line at once. flushLogger() writes what is buffered before the process
// exits.
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { formatLogLine } from './pretty-log-line.ts';

const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 1000;

const destinations = new WeakMap<Logger, ReturnType<typeof pino.destination>>();

/** Pretty for LOG_FORMAT=pretty, and for auto when the lines go to a terminal. */
export function isPrettyLog(format: Config['LOG_FORMAT'], dest: string | number, isTty: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && dest === 1 && isTty);
}

/** Colours only on a terminal the lines go to (stdout), and never when NO_COLOR asks for none (no-color.org). */
export function isColorLog(
  pretty: boolean,
  dest: string | number,
  isTty: boolean,
  noColor: string | undefined,
): boolean {
  return pretty && dest === 1 && isTty && !noColor;
}

export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'> & Partial<Pick<Config, 'LOG_FORMAT'>>,
  dest: string | number = 1,
): Logger {
  const pretty = isPrettyLog(config.LOG_FORMAT ?? 'auto', dest, process.stdout.isTTY === true);
  const destination = pino.destination({ dest, sync: false, minLength: pretty ? 0 : LOG_BUFFER_BYTES });
  const color = isColorLog(pretty, dest, process.stdout.isTTY === true, process.env.NO_COLOR);
  const stream = pretty
    ? { write: (line: string) => destination.write(formatLogLine(line, { color })) }
    : destination;
  const log = pino({ level: config.LOG_LEVEL }, stream);
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
