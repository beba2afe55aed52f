import { z } from 'zod';
import { errorEnvelopeSchema, healthResponseSchema, listPageResponseSchema } from '../../../contract';
import {
  createResponseSerializerCompiler,
  responseJsonSchema,
  serializerModeFromEnv,
} from '../../../server/http/serializer';

/**
 * Response serialization (server/http/serializer.ts, docs/performance.md "Fixed cost of a request"): serializers
 * compiled from the contract's zod schemas write the same bytes zod's run-time serializer wrote — declared keys in the
 * schema's order, unknown keys dropped, absent optional keys left out. (Every response of the server suite is also
 * compared byte for byte, since the suite runs in `check` mode.)
 */

type Route = Parameters<ReturnType<typeof createResponseSerializerCompiler>>[0];
const route = (schema: unknown): Route =>
  ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as unknown as Route;
const serializers = (schema: z.ZodType) => ({
  compiled: createResponseSerializerCompiler('compiled')(route(schema)),
  zod: createResponseSerializerCompiler('zod')(route(schema)),
  check: createResponseSerializerCompiler('check')(route(schema)),
});

/** Compiled bytes, checked against zod's bytes (and `check` mode agreeing). */
function expectSameBytes(schema: z.ZodType, data: unknown): string {
  const { compiled, zod, check } = serializers(schema);
  const bytes = compiled(data);
  expect(bytes).toBe(zod(data));
  expect(check(data)).toBe(bytes);
  return bytes;
}

const envelope = { isSuccess: true, code: 'ISSUE200_0', message: '조회 성공' };

describe('compiled response serializers', () => {
  test('unknown keys are dropped and keys follow the schema, as zod wrote them', () => {
    const bytes = expectSameBytes(healthResponseSchema, {
      result: { database: 'pglite', status: 'ok', extra: 1 },
      message: '성공',
      code: 'COMMON200',
      isSuccess: true,
      internal: 'secret',
    });
    expect(bytes).toBe(
      '{"isSuccess":true,"code":"COMMON200","message":"성공","result":{"status":"ok","database":"pglite"}}',
    );
  });

  test('a list page: nullable fields, nested arrays, escapes and non-ASCII text', () => {
    const item = {
      id: 7,
      name: 'MOM-7',
      title: '따옴표 " 역슬래시 \\ 줄바꿈 \n 탭 \t 제어 \u0001 이모지 😀 lone \ud800',
      state: 'NONE',
      priority: 'HIGH',
      deadline: { start: null, end: '2026-12-01' },
      managers: { cnt: 1, info: [{ memberId: 3, name: '김민수', profileUrl: null, role: 'x' }] },
      goal: null,
      extServiceType: null,
      createdAt: '2026-11-21T10:12:30+09:00',
      secret: true,
    };
    const page = {
      data: [{ groupKey: 'NONE', filterName: 'NONE', imageUrl: null, dataCnt: 1, items: [item] }],
      hasNext: false,
      nextCursor: null,
    };
    const bytes = expectSameBytes(listPageResponseSchema, { ...envelope, result: page });
    expect(bytes).not.toContain('secret');
    expect(bytes).not.toContain('role');
    expect(JSON.parse(bytes).result.data[0].items[0].title).toBe(item.title);
  });

  test('the error envelope: field messages, a request id, or null', () => {
    const error = { isSuccess: false, code: 'VALID400_1', message: '잘못된 요청' };
    expectSameBytes(errorEnvelopeSchema, { ...error, result: { title: '필수입니다', 'a"b': 'x' } });
    expectSameBytes(errorEnvelopeSchema, { ...error, result: { requestId: 'req-1' } });
    expectSameBytes(errorEnvelopeSchema, { ...error, result: null });
  });

  test('absent optional keys are left out; present ones written', () => {
    const schema = z.object({ b: z.number().nullable(), c: z.array(z.boolean()), a: z.string().optional() });
    expect(responseJsonSchema(schema)).not.toBeNull();
    expect(expectSameBytes(schema, { b: null, c: [] })).toBe('{"b":null,"c":[]}');
    expect(expectSameBytes(schema, { a: undefined, b: 1.5, c: [true] })).toBe('{"b":1.5,"c":[true]}');
    expect(expectSameBytes(schema, { a: 'x', b: -0.25, c: [false] })).toBe('{"b":-0.25,"c":[false],"a":"x"}');
  });

  test('an optional key before a required one keeps zod (fast-json-stringify would write required keys first)', () => {
    const schema = z.object({ a: z.string().optional(), b: z.number() });
    expect(responseJsonSchema(schema)).toBeNull();
    expect(expectSameBytes(schema, { a: 'x', b: 1 })).toBe('{"a":"x","b":1}');
    expect(
      responseJsonSchema(z.object({ n: z.object({ a: z.string().optional(), b: z.number() }) })),
    ).toBeNull();
  });

  test('a schema the conversion cannot express exactly keeps zod (defaults, transforms)', () => {
    const withDefault = z.object({ a: z.string().default('d') });
    expect(responseJsonSchema(withDefault)).toBeNull();
    expect(expectSameBytes(withDefault, { a: 'x' })).toBe('{"a":"x"}');
    const transformed = z.object({ at: z.date().transform((d) => d.toISOString()) });
    expect(responseJsonSchema(transformed)).toBeNull();
  });

  test('check mode fails a response zod rejects, as the run-time serializer did', () => {
    const { check, compiled } = serializers(healthResponseSchema);
    const wrong = { ...envelope, result: { status: 'down', database: 'pglite' } };
    expect(() => check(wrong)).toThrow();
    // The compiled serializer alone does not validate (docs/performance.md "Fixed cost of a request"): it writes the
    // schema's constant.
    expect(compiled(wrong)).toContain('"status":"ok"');
  });
});

describe('serializer mode', () => {
  test('from the environment', () => {
    expect(serializerModeFromEnv({ NODE_ENV: 'production' })).toBe('compiled');
    expect(serializerModeFromEnv({ NODE_ENV: 'test' })).toBe('check');
    expect(serializerModeFromEnv({ MOMENTUM_RUNTIME_ZOD_SERIALIZER: '1' })).toBe('zod');
    expect(serializerModeFromEnv({ MOMENTUM_SERIALIZER: 'zod', NODE_ENV: 'test' })).toBe('zod');
    expect(() => serializerModeFromEnv({ MOMENTUM_SERIALIZER: 'fast' })).toThrow(/MOMENTUM_SERIALIZER/);
  });
});
