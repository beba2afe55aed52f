import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODES, type Code } from '../../contract';
import { ApiError, type ErrorResult, envelope } from './envelope';
import { redactSecretQuery } from './redact';

/** Fastify's own error codes we translate into envelope codes (docs/product.md "Errors and messages"). */
const FRAMEWORK_CODES: Record<string, Code> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'COMMON400_1',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'COMMON400_1',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'COMMON400',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'COMMON415',
  FST_ERR_CTP_BODY_TOO_LARGE: 'COMMON413',
  FST_ERR_BAD_URL: 'COMMON400',
  FST_ERR_ASYNC_CONSTRAINT: 'COMMON400',
};

/** Generic envelope code for any other 4xx a plugin raises (e.g. @fastify/static's 403 for `..` paths). */
const STATUS_CODES: Record<number, Code> = {
  400: 'COMMON400',
  401: 'COMMON401',
  403: 'COMMON403',
  404: 'COMMON404',
  405: 'COMMON405',
  409: 'COMMON409',
  413: 'COMMON413',
  415: 'COMMON415',
  429: 'COMMON429',
};

interface Classified {
  code: Code;
  result: ErrorResult;
  /** Envelope message when it differs from the catalogue's (an `ApiError` with its own message). */
  message?: string;
  /** Extra response headers (an `ApiError`'s). */
  headers?: Record<string, string>;
  /** Log as a server error (with the error object) rather than as a client mistake. */
  serverError: boolean;
}

/** Maps zod/Fastify validation issues to `{ field: message }`; a field keeps its first message. */
function validationResult(error: FastifyError): Record<string, string> {
  const result: Record<string, string> = {};
  const context = error.validationContext ?? 'body';
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || context;
    if (!(field in result)) result[field] = issue.message ?? '잘못된 값입니다.';
  }
  return result;
}

export function classifyError(error: unknown, requestId: string): Classified {
  if (error instanceof ApiError) {
    return {
      code: error.code,
      result: error.result,
      message: error.message,
      headers: error.headers,
      serverError: false,
    };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && typeof fastifyError === 'object') {
    if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fastifyError.validation)) {
      return { code: 'VALID400_1', result: validationResult(error as FastifyError), serverError: false };
    }
    // A response that does not match its schema is our bug, whatever status it carries.
    if (!(error instanceof ResponseSerializationError)) {
      const mapped = fastifyError.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
      if (mapped) return { code: mapped, result: null, serverError: false };
      const status = fastifyError.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return { code: STATUS_CODES[status] ?? 'COMMON400', result: null, serverError: false };
      }
    }
  }
  return { code: 'COMMON500', result: { requestId }, serverError: true };
}

/**
 * The app-wide error handler (also Fastify's `frameworkErrors` handler, for bad URL encoding): every failure becomes the envelope with an honest status. Unexpected errors are
 * logged with the request id and answered as 500 `COMMON500` with `result: { requestId }` only — never a class
 * name, SQL text or stack.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { code, result, message, headers, serverError } = classifyError(error, String(request.id));
  if (serverError) {
    request.log.error({ err: error }, 'unhandled error');
  } else {
    // The message of a malformed URL quotes it: secret query values are redacted (docs/observability.md "Logs").
    request.log.info({ code, reason: redactSecretQuery(error.message) }, 'request rejected');
  }
  if (reply.sent) return;
  if (headers) reply.headers(headers);
  void reply.code(CODES[code].status).send(envelope(code, result, message));
}
