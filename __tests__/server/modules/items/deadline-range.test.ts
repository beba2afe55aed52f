import type { FastifyInstance } from 'fastify';
import { DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE } from '../../../../contract/dates';
import { asMember } from '../../support/members';
import { type Segment, createItemOk, createTeamWith, postItem } from '../../support/items';
import { useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Issue #21 "Input without traps": one allowed range of deadline dates (contract/dates.ts, docs/product.md
 * "Limits"), the pickers' minDate/maxDate. The server stores both edges and refuses the day before and the day
 * after with a Korean 400 in the envelope — on create and on PATCH, for both sides — never a 500.
 */
let app: FastifyInstance;
let ws: TestWorkspace;
let teamId: number;

useTestApp({}, async (started) => {
  app = started.app;
  ws = await createWorkspaceWith(app, 'Datesws', '김민수', ['이영희']);
  teamId = await createTeamWith(app, ws.owner, 'Date Team', [ws.members[0]!.memberId]);
});

const detailUrl = (segment: Segment, id: number) =>
  segment === 'goals'
    ? `/api/goals/${id}`
    : segment === 'issues'
      ? `/api/issues/${id}`
      : `/api/teams/${teamId}/externals/${id}`;
const savedDeadline = async (segment: Segment, id: number) =>
  (await asMember(app, ws.owner, 'GET', detailUrl(segment, id))).json().result.deadline;
const patch = (segment: Segment, id: number, payload: object) =>
  asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/${segment}/${id}`, { payload });

const SEGMENTS: Segment[] = ['goals', 'issues', 'externals'];
const extra = (segment: Segment) => (segment === 'externals' ? { extServiceType: 'SLACK' } : {});

it('the range is 1900-01-01 … 2099-12-31', () => {
  expect([DATE_MIN, DATE_MAX]).toEqual(['1900-01-01', '2099-12-31']);
});

describe.each(SEGMENTS)('%s', (segment) => {
  it('creates with both edges of the range and stores them', async () => {
    const id = await createItemOk(app, ws.owner, teamId, segment, {
      title: '경계',
      ...extra(segment),
      deadline: { start: DATE_MIN, end: DATE_MAX },
    });
    expect(await savedDeadline(segment, id)).toEqual({ start: DATE_MIN, end: DATE_MAX });
  });

  it.each([
    ['start', '1899-12-31'],
    ['end', '2100-01-01'],
    ['start', '0001-01-01'],
    ['end', '2999-12-31'],
  ])('refuses a %s of %s on create: 400 VALID400_1 with the Korean range message', async (side, date) => {
    const res = await postItem(app, ws.owner, teamId, segment, {
      title: '범위 밖',
      ...extra(segment),
      deadline: { [side]: date },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALID400_1');
    expect(body.isSuccess).toBe(false);
    expect(body.result).toEqual({ [`deadline.${side}`]: DATE_RANGE_MESSAGE });
  });

  it('PATCH: moves a side to each edge, refuses the day beyond and keeps the stored date', async () => {
    const id = await createItemOk(app, ws.owner, teamId, segment, {
      title: '수정',
      ...extra(segment),
      deadline: { start: '2026-11-20', end: '2026-11-25' },
    });
    expect((await patch(segment, id, { deadline: { start: DATE_MIN } })).statusCode).toBe(200);
    expect((await patch(segment, id, { deadline: { end: DATE_MAX } })).statusCode).toBe(200);
    expect(await savedDeadline(segment, id)).toEqual({ start: DATE_MIN, end: DATE_MAX });
    for (const [side, date] of [
      ['start', '1899-12-31'],
      ['end', '2100-01-01'],
    ] as const) {
      const res = await patch(segment, id, { deadline: { [side]: date } });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALID400_1']);
      expect(res.json().result).toEqual({ [`deadline.${side}`]: DATE_RANGE_MESSAGE });
    }
    expect(await savedDeadline(segment, id)).toEqual({ start: DATE_MIN, end: DATE_MAX });
  });
});
