// The SDK's log: a level, a logger, and lines that never carry a secret. The level comes
// from the `logLevel` option, else the ORDER_FULFILLMENT_LOG environment variable where
// there is one, else `warn`.
import * as z from 'zod/mini';
import { SIGNATURE_VALUE, secretsPattern } from './redact.js';

/**
 * How much the SDK logs: `error` nothing yet (reserved), `warn` each retry and each
 * Retry-After beyond the cap, `info` each request once it ends, `debug` request and
 * response bodies too (cut at 2 KB). `off` logs nothing.
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/**
 * Where the SDK logs: `console`, or anything with the four methods (pino, winston, a
 * test's recorder). Each call gets one string.
 *
 * @example
 * ```ts
 * const logger: Logger = { debug() {}, info: console.info, warn: console.warn, error: console.error };
 * ```
 */
export interface Logger {
  /** Request and response bodies, cut at 2 KB. */
  debug(message: string): void;
  /** Each request once it ends. */
  info(message: string): void;
  /** Each retry, each Retry-After beyond the cap. */
  warn(message: string): void;
  /** Reserved: the SDK reports failures by throwing, not by logging them. */
  error(message: string): void;
}

/**
 * A logger as the `logger` option takes it: an object with the four methods.
 *
 * @internal
 */
export const LoggerSchema = z.custom<Logger>(
  (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    ['debug', 'info', 'warn', 'error'].every(
      (method) => typeof (value as Record<string, unknown>)[method] === 'function',
    ),
  'must have debug, info, warn and error methods',
);

// One line to the logger. A logger that throws (pino or winston once closed, as a graceful
// shutdown does) must not fail the call the line reports on, nor replace its error.
function tell(logger: Logger, at: Exclude<LogLevel, 'off'>, line: string): void {
  try {
    logger[at](line);
  } catch {}
}

/** The levels, quietest first. */
export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/** What a body is cut to in a debug line. */
const BODY_LIMIT = 2048;

// A member whose name says it holds a secret (`secret`, `signing_key`, `api-key`, `token`,
// ...): its value is replaced whatever its shape, so the secret a webhook subscription
// answers with never reaches a log, however the service nests it (specification 4.5 does not
// show the record).
const SECRET_NAME = /secret|signature|(?:^|[-_])key$|api[-_]?key|token|password/i;
// And a camelCase `…Key` (`signingKey`, `hmacKey`), which a case-blind pattern could not tell
// from a word that ends in "key".
const CAMEL_KEY = /[a-z\d]Key$/;
const secretName = (name: string) => SECRET_NAME.test(name) || CAMEL_KEY.test(name);
// A string member of a body that is no JSON (cut short, or not JSON at all), found by hand:
// its name is tested like a parsed one's.
const STRING_MEMBER = /("([^"]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;

// The text as it came, unless a member had to go: the exact bytes (a signed body, a number
// past 2^53) are what a reader chasing a mismatch needs.
function redactMembers(text: string): string {
  let redacted = false;
  let out: string;
  try {
    out = JSON.stringify(JSON.parse(text), (name, value) => {
      if (name === '' || !secretName(name)) return value;
      redacted = true;
      return '[redacted]';
    });
  } catch {
    return text.replace(STRING_MEMBER, (member, head: string, name: string) =>
      secretName(name) ? `${head}"[redacted]"` : member,
    );
  }
  return redacted ? out : text;
}

// What envLogLevel reads of Deno's permissions API.
type DenoPermissions = {
  permissions?: { querySync?: (query: { name: string; variable: string }) => { state: string } };
};

/**
 * The environment's level, read without failing where `process` is missing or its `env`
 * throws (edge runtimes, browsers, Deno without the permission). A value that is no level
 * is told to `logger`, as a warning, and ignored.
 *
 * @internal
 */
export function envLogLevel(logger: Logger): LogLevel | undefined {
  let value: unknown;
  try {
    // Deno, on a terminal, stops a program without --allow-env to ask the user before a
    // variable is read: it is read only where already granted (README, "Deno permissions").
    const { Deno } = globalThis as { Deno?: DenoPermissions };
    const query = { name: 'env', variable: 'ORDER_FULFILLMENT_LOG' };
    if (Deno?.permissions?.querySync?.(query).state === 'prompt') return undefined;
    value = (globalThis as { process?: { env?: Record<string, unknown> } }).process?.env
      ?.ORDER_FULFILLMENT_LOG;
  } catch {
    return undefined;
  }
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '') return undefined;
  const level = trimmed.toLowerCase() as LogLevel;
  if (LOG_LEVELS.includes(level)) return level;
  tell(
    logger,
    'warn',
    // Quoted only when short: this line is written before the client's filter exists, and a
    // mis-mapped environment may have put a secret there.
    `[order-fulfillment-sdk] ORDER_FULFILLMENT_LOG is ${trimmed.length <= 16 ? JSON.stringify(value) : `${trimmed.length} characters long`}, not one of ${LOG_LEVELS.join(', ')}: ignored`,
  );
  return undefined;
}

/**
 * The log one client writes to.
 *
 * @internal
 */
export interface Log {
  /** Whether lines of `level` are written. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
  /** A body for a debug line: secret members redacted, then scrubbed, then cut at 2 KB. */
  body(text: string | undefined): string;
  /**
   * The text with the client's own secrets replaced, however they are encoded (see
   * {@link secretsPattern}), and any signature value: for what the service sent back (an error body that echoes the
   * key or the signature it refused).
   */
  scrub(text: string): string;
}

/**
 * A log over `logger` at `level`. Every line passes through a last filter that replaces
 * the given secrets wherever they appear, whatever produced the line.
 *
 * @internal
 */
export function createLog(logger: Logger, level: LogLevel, secrets: (string | undefined)[]): Log {
  const rank = LOG_LEVELS.indexOf(level);
  const hidden = secretsPattern(secrets);
  // And any signature value: the service may echo the one it refused (`bad signature
  // t=…,v1=…`), which the client computed per attempt and so cannot list in advance.
  const scrub = (text: string) => {
    const out = text.replace(SIGNATURE_VALUE, 'v1$1[redacted]');
    return hidden ? out.replace(hidden, '[redacted]') : out;
  };
  const enabled = (at: Exclude<LogLevel, 'off'>) => LOG_LEVELS.indexOf(at) <= rank;
  const write = (at: Exclude<LogLevel, 'off'>, message: string) => {
    if (enabled(at)) tell(logger, at, `[order-fulfillment-sdk] ${scrub(message)}`);
  };
  return {
    enabled,
    warn: (message) => write('warn', message),
    info: (message) => write('info', message),
    debug: (message) => write('debug', message),
    scrub,
    body(text) {
      if (!text) return '(no body)';
      // Scrubbed before the cut: a secret cut in two is no longer found whole.
      const redacted = scrub(redactMembers(text));
      return redacted.length > BODY_LIMIT
        ? `${redacted.slice(0, BODY_LIMIT)}… (${redacted.length} characters)`
        : redacted;
    },
  };
}
