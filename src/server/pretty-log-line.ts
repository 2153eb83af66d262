// One pino JSON line as a person at a terminal reads it: the time, the level when it is not info, the message and
// its short fields, `11:04:09 Seeding demo marketplace: 40/63 products` (decision 0051). Files and pipes get JSON.

export interface PrettyOptions {
  /** ANSI colours: warnings yellow, errors red, the time dim. */
  color: boolean;
}

const LEVELS: Record<number, { label: string; color: string }> = {
  10: { label: 'TRACE', color: '90' },
  20: { label: 'DEBUG', color: '90' },
  30: { label: '', color: '' },
  40: { label: 'WARN', color: '33' },
  50: { label: 'ERROR', color: '31' },
  60: { label: 'FATAL', color: '31;1' },
};
/** pino's own fields, and a request's, which the request line spells out its own way. */
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);
const REQUEST_FIELDS = new Set(['method', 'url', 'status', 'ms']);
const MAX_VALUE_LENGTH = 80;

const paint = (text: string, code: string, options: PrettyOptions) =>
  options.color && code ? `\u001b[${code}m${text}\u001b[0m` : text;

function formatTime(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function formatValue(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = /\s/.test(value) ? JSON.stringify(value) : value;
    return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Objects and arrays (timings, lists of migrations) stay in the JSON log: a terminal line stays short.
  return undefined;
}

export function formatLogLine(json: string, options: PrettyOptions): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = LEVELS[entry.level as number] ?? { label: String(entry.level), color: '' };
  const message = String(entry.msg ?? '');
  const parts = [paint(formatTime(entry.time), '2', options)];
  if (level.label) parts.push(paint(level.label.padEnd(5), level.color, options));
  const isRequest = message === 'request' && 'method' in entry;
  parts.push(
    isRequest
      ? `${String(entry.method)} ${String(entry.url)} ${String(entry.status)} ${String(entry.ms)} ms`
      : paint(message, level.label ? level.color : '', options),
  );
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN_FIELDS.has(key) || (isRequest && REQUEST_FIELDS.has(key))) continue;
    // A value the message already says (the URL in 'Lootklip is running at ...') is not said twice.
    if (typeof value === 'string' && message.includes(value)) continue;
    const text = key === 'err' ? formatError(value) : formatValue(value);
    if (text !== undefined) parts.push(`${paint(key, '2', options)}=${text}`);
  }
  const stack = readString(entry.err, 'stack');
  return `${parts.join(' ')}\n${stack && level.label ? `${paint(stack, '2', options)}\n` : ''}`;
}

function readString(value: unknown, name: string): string | undefined {
  return value && typeof value === 'object' && typeof (value as Record<string, unknown>)[name] === 'string'
    ? ((value as Record<string, unknown>)[name] as string)
    : undefined;
}

/** An error's message on the line (its stack on the lines below, for warnings and errors). */
function formatError(value: unknown): string | undefined {
  return formatValue(typeof value === 'string' ? value : readString(value, 'message'));
}
