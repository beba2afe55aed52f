import { randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RawRequestDefaultExpression,
} from 'fastify';
import type { AppConfig } from '../config';
import { redactSecretQuery } from '../http/redact';
import { unencapsulated } from './unencapsulated';

/** Where log lines go instead of stdout (tests read them); never pretty-printed. */
export type LogStream = { write(line: string): void };

/** Incoming `X-Request-Id` values we accept as the request id (anything else gets a fresh UUID). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Requests slower than this are logged at info level (every request is, at debug). */
const SLOW_REQUEST_MS = 1000;

/**
 * The logging part of the Fastify constructor options: pino with secrets redacted (authorization and cookie
 * headers, `Set-Cookie`, OAuth codes and tokens in query strings), pretty only on a development terminal; request
 * ids taken from a well-formed `X-Request-Id` or else a fresh UUID; `RequestLogs` for the per-request lines.
 */
export function loggingOptions(
  config: AppConfig,
  stream: LogStream | undefined,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'requestIdHeader' | 'genReqId'> {
  const trusted = trustedPeer(config.trustProxy);
  return {
    logger: loggerOptions(config, stream),
    logController: new RequestLogs(),
    requestIdHeader: false,
    genReqId: (req: RawRequestDefaultExpression) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) && trusted(req.socket?.remoteAddress)
        ? incoming
        : randomUUID();
    },
  };
}

/** proxy-addr's names in `TRUST_PROXY` lists, as address ranges. */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a peer address is a trusted proxy, by `TRUST_PROXY` (the rule Fastify's `trustProxy` applies to the
 * nearest hop, server/app.ts): `false` → nobody; a hop count (≥ 1) → the peer, whoever it is (the operator says a
 * proxy is always in front); a list → addresses and CIDR ranges in it (`loopback`, `linklocal`, `uniquelocal` as
 * proxy-addr names them; IPv4-mapped IPv6 peers compared as IPv4). Only a trusted proxy's `X-Request-Id` is taken
 * (docs/observability.md "Request ids").
 */
export function trustedPeer(trustProxy: AppConfig['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy >= 1;
  const list = new BlockList();
  for (const entry of trustProxy) {
    for (const [network, prefix, family] of NAMED_RANGES[entry] ?? [parseEntry(entry)]) {
      if (prefix === undefined) list.addAddress(network, family);
      else list.addSubnet(network, prefix, family);
    }
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1]! : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** A validated `TRUST_PROXY` entry (server/config.ts): an address, optionally `/prefix`. */
function parseEntry(entry: string): [string, number | undefined, 'ipv4' | 'ipv6'] {
  const [address = '', prefix] = entry.split('/');
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  return [address, prefix === undefined ? undefined : Number(prefix), family];
}

/** Every response carries its request id (`X-Request-Id`), the id a 500's body and the log lines show. */
export const requestIdPlugin = unencapsulated(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});

function loggerOptions(config: AppConfig, stream: LogStream | undefined): FastifyServerOptions['logger'] {
  const pretty = !stream && Boolean(process.stdout.isTTY) && !config.isProduction;
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: Error) => serializeError(error) as SerializedError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactSecretQuery(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/** pino's shape of a logged error. */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Error properties never logged as they are (values of a failed query; see `serializeError`). */
const REDACTED = '[redacted]';
/** PostgreSQL messages that end by quoting the bad input: `invalid input syntax for type integer: "…"`. */
const QUOTED_INPUT = /(: )"(?:[^"\\]|\\.)*"$/gm;
/** `Key (email)=(…) already exists.` in a PostgreSQL `detail`. */
const KEY_VALUES = /=\((?:[^()]|\([^()]*\))*\)/g;
/** `unnamed portal parameter $1 = '…'` in a PostgreSQL `where`. */
const PARAMETER_VALUES = /(parameter \$\d+ = )'(?:[^']|'')*'/g;

/**
 * The `err` of a log line: pino's shape (`type`, `message`, `stack`, own enumerable properties, `cause`), without the
 * values a failed database query carries — Drizzle's `params` (in its message and stack too: `Failed query: …
 * \nparams: …`), the input PostgreSQL quotes in a message, `detail`'s key values and `where`'s parameter values.
 * A request body's password reaching a query that fails is thus never written (docs/observability.md "What is never
 * logged"). The query text (placeholders only), SQLSTATE `code`, constraint and table names stay.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const params = (error as { params?: unknown }).params;
  const clean = (text: string) => {
    let out = text;
    if (Array.isArray(params) && params.length > 0)
      out = out.split(`\nparams: ${params.join(',')}`).join(`\nparams: ${REDACTED}`);
    return out.replace(QUOTED_INPUT, `$1"${REDACTED}"`).replace(PARAMETER_VALUES, `$1'${REDACTED}'`);
  };
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: clean(error.message),
    stack: clean(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (key === 'params') out.params = Array.isArray(value) ? `[${value.length} redacted]` : REDACTED;
    else if (key === 'detail' && typeof value === 'string')
      out.detail = value.replace(KEY_VALUES, `=(${REDACTED})`);
    else if (typeof value === 'string') out[key] = clean(value);
    else if (typeof value !== 'function' && typeof value !== 'object') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * Request logging. Fastify's own two info lines per request ("incoming request", "request completed") cost more
 * than a fast route itself on the embedded database, so at info level only server errors (whose error, with the
 * request id, the error handler logs too), failures while sending and requests slower than `SLOW_REQUEST_MS` get a
 * "request completed" / "request errored" line; at debug level every request gets both lines as before.
 */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (isDebug(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (reply.statusCode >= 500 || reply.elapsedTime >= SLOW_REQUEST_MS) {
      reply.log.info(line, 'request completed');
    } else if (isDebug(request)) {
      reply.log.debug(line, 'request completed');
    }
  }
}

const isDebug = (request: FastifyRequest) => request.log.level === 'debug' || request.log.level === 'trace';
