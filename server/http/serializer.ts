import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialization (docs/performance.md "Fixed cost of a request").
 *
 * Every route declares its responses as zod schemas of the contract (contract/). fastify-type-provider-zod's
 * serializer ran each response through zod at run time (`safeEncode`: a full parse of the response, dropping keys
 * the schema does not declare) and then `JSON.stringify` — 13 % of the server's CPU on PostgreSQL. Here each
 * response schema is instead turned once, when its route is registered, into JSON Schema (`z.toJSONSchema`, the
 * output side) and compiled by fast-json-stringify, the serializer Fastify itself uses for JSON Schema routes: code
 * generated for the shape, which writes only the declared properties, in the schema's order — the bytes
 * `JSON.stringify(zodOutput)` gave (zod's output object also takes the schema's keys in the schema's order and drops
 * the rest; `undefined` optional properties are left out by both).
 *
 * What the compiled serializer does not do is check the response: a handler that returns a number where the contract
 * says string gets it written as a string instead of a 500. Responses are built by the server's own code from typed
 * rows, so this is a guard for programming errors, and it is kept where they are caught — in the test suites:
 * under `NODE_ENV=test` (Jest) or with `MOMENTUM_SERIALIZER=check`, every response is serialized both ways, zod's
 * errors still fail the request, and a byte difference between the two fails it too (500 with the difference in the
 * log). So the whole contract suite proves, response by response, that the compiled bytes equal zod's.
 *
 * Schemas the conversion cannot express exactly keep zod's serializer (see `compiledOrNull`).
 * `MOMENTUM_SERIALIZER=zod` (or `MOMENTUM_RUNTIME_ZOD_SERIALIZER=1`) switches every route back to zod's run-time
 * serializer: the "before" of bench/server.ts.
 */

/** How responses are serialized: `compiled` (production), `zod` (the old path), `check` (both, compared). */
export type SerializerMode = 'compiled' | 'zod' | 'check';

/** The mode from the environment: `MOMENTUM_SERIALIZER`, else `zod` when `MOMENTUM_RUNTIME_ZOD_SERIALIZER=1`, else
 * `check` under Jest (`NODE_ENV=test`), else `compiled`. Throws on an unknown `MOMENTUM_SERIALIZER`. */
export function serializerModeFromEnv(env: NodeJS.ProcessEnv = process.env): SerializerMode {
  const named = env.MOMENTUM_SERIALIZER;
  if (named !== undefined && named !== '') {
    if (named === 'compiled' || named === 'zod' || named === 'check') return named;
    throw new Error(`MOMENTUM_SERIALIZER must be compiled, zod or check, not ${named}`);
  }
  if (env.MOMENTUM_RUNTIME_ZOD_SERIALIZER === '1') return 'zod';
  return env.NODE_ENV === 'test' ? 'check' : 'compiled';
}

/** zod's run-time serializer (fastify-type-provider-zod): `safeEncode` then `JSON.stringify`. */
const zodCompiler = createSerializerCompiler({});
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];
const zodSerializerCompiler = (route: RouteSchema) =>
  zodCompiler(route as Parameters<typeof zodCompiler>[0]) as Serialize;
type Serialize = (data: unknown) => string;

/** The zod schema a route declared for a response (a schema, or `{ properties: schema }`), else null. */
function zodSchemaOf(maybeSchema: unknown): $ZodType | null {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  if (
    typeof maybeSchema === 'object' &&
    maybeSchema !== null &&
    'properties' in maybeSchema &&
    maybeSchema.properties instanceof $ZodType
  )
    return maybeSchema.properties;
  return null;
}

/**
 * JSON Schema keywords fast-json-stringify writes differently from zod's output, or cannot write exactly: a `default`
 * (fast-json-stringify writes it for a missing property; zod's encode leaves the property out), `if`/`then` and
 * `not`; and objects with an optional property before a required one (`optionalBeforeRequired`). A schema with any
 * of them keeps zod's serializer.
 */
const INEXACT_KEYWORDS = new Set(['default', 'if', 'then', 'else', 'not', 'patternProperties']);

/**
 * fast-json-stringify writes an object's required properties first, then the optional ones; zod writes them in the
 * schema's order. They agree when no optional property comes before a required one.
 */
function optionalBeforeRequired(node: Record<string, unknown>): boolean {
  if (typeof node.properties !== 'object' || node.properties === null) return false;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  let optionalSeen = false;
  for (const key of Object.keys(node.properties)) {
    if (!required.has(key)) optionalSeen = true;
    else if (optionalSeen) return true;
  }
  return false;
}

function usesInexactKeyword(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(usesInexactKeyword);
  if (typeof node !== 'object' || node === null) return false;
  if (optionalBeforeRequired(node as Record<string, unknown>)) return true;
  for (const [key, value] of Object.entries(node)) {
    if (INEXACT_KEYWORDS.has(key)) return true;
    // `properties` and `$defs` hold names, not keywords: look at their values only.
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      if (Object.values(value as object).some(usesInexactKeyword)) return true;
    } else if (usesInexactKeyword(value)) return true;
  }
  return false;
}

/**
 * The JSON Schema of a response (zod's output side, draft-7, every sub-schema inlined; no `$id`s from the global
 * registry), or null when zod cannot express it (transforms, dates, …) or it uses an inexact keyword.
 */
export function responseJsonSchema(schema: $ZodType): Record<string, unknown> | null {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      target: 'draft-7',
      reused: 'inline',
      cycles: 'ref',
      unrepresentable: 'throw',
      metadata: z.registry(),
    }) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (usesInexactKeyword(json)) return null;
  delete json.$schema;
  return json;
}

/** The compiled serializer of `schema`, or null when it keeps zod's (see `responseJsonSchema`). */
function compiledOrNull(schema: $ZodType): Serialize | null {
  const json = responseJsonSchema(schema);
  if (!json) return null;
  try {
    return fastJson(json) as Serialize;
  } catch {
    return null;
  }
}

/** Thrown (a 500) in `check` mode when the compiled bytes differ from zod's. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, compiled: string, runtime: string) {
    super(
      `compiled response serializer of ${method} ${url} differs from zod's:\ncompiled: ${compiled}\nzod:      ${runtime}`,
    );
    this.name = 'SerializerMismatchError';
  }
}

/**
 * Fastify serializer compiler for the zod response schemas of the routes (`app.setSerializerCompiler`), see the
 * module comment. Schemas that are not zod (a route's plain JSON Schema) go to fast-json-stringify as they are.
 */
export function createResponseSerializerCompiler(
  mode: SerializerMode = serializerModeFromEnv(),
): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    const schema = zodSchemaOf(route.schema);
    if (!schema) return fastJson(route.schema as Record<string, unknown>) as Serialize;
    if (mode === 'zod') return zodSerializerCompiler(route);
    const compiled = compiledOrNull(schema);
    if (!compiled) return zodSerializerCompiler(route);
    if (mode === 'compiled') return compiled;
    const runtime = zodSerializerCompiler(route);
    return (data: unknown) => {
      const expected = runtime(data);
      const actual = compiled(data);
      if (actual !== expected) throw new SerializerMismatchError(route.method, route.url, actual, expected);
      return actual;
    };
  };
}
