/**
 * CPU of serializing one list page (20 items in 2 of 5 groups, 2 managers each) by zod's run-time serializer and by
 * the compiled one (server/http/serializer.ts), alternately in one process; checks they write the same bytes.
 * docs/performance.md "Fixed cost of a request".
 *
 *   node --import tsx bench/serializer.ts
 */
import { listPageResponseSchema } from '../contract';
import { createResponseSerializerCompiler } from '../server/http/serializer';
const route = { schema: listPageResponseSchema, method: 'GET', url: '/x', httpStatus: '200' } as never;
const compiled = createResponseSerializerCompiler('compiled')(route);
const zod = createResponseSerializerCompiler('zod')(route);
/** A list item as the list route returns it. */
const item = (i: number) => ({
  id: i,
  name: `MOM-${i}`,
  title: `이슈 ${i}`,
  state: 'NONE',
  priority: 'HIGH',
  deadline: { start: null, end: '2026-12-01' },
  managers: {
    cnt: 2,
    info: [
      { memberId: 3, name: '김민수', profileUrl: null },
      { memberId: 4, name: 'Alice', profileUrl: 'https://x/y.png' },
    ],
  },
  goal: { id: 2, title: '목표 1' },
  extServiceType: null,
  createdAt: '2026-11-21T10:12:30+09:00',
});
const data = {
  isSuccess: true,
  code: 'ISSUE200_0',
  message: '이슈 목록 조회 성공',
  result: {
    data: ['NONE', 'TODO', 'IN_PROGRESS', 'DONE', 'CANCELED'].map((k, g) => ({
      groupKey: k,
      filterName: k,
      imageUrl: null,
      dataCnt: 200,
      items: g < 2 ? Array.from({ length: 10 }, (_, i) => item(g * 10 + i)) : [],
    })),
    hasNext: true,
    nextCursor: 'abc',
  },
};
if (compiled(data) !== zod(data)) throw new Error('differ');
for (const [name, f] of [
  ['zod', zod],
  ['compiled', compiled],
  ['zod', zod],
  ['compiled', compiled],
] as const) {
  for (let i = 0; i < 2000; i++) f(data);
  const c = process.cpuUsage();
  const N = 5000;
  for (let i = 0; i < N; i++) f(data);
  const u = process.cpuUsage(c);
  console.log(
    name,
    ((u.user + u.system) / N).toFixed(1),
    'µs CPU per list page (20 items)',
    compiled(data).length,
    'bytes',
  );
}
