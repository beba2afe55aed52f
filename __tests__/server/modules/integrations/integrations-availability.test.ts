import type { FastifyInstance } from 'fastify';
import { INTEGRATIONS_SETUP_PATH } from '../../../../contract/integrations';
import { githubAppEnv } from '../../support/integrations';
import { createTeamWith } from '../../support/items';
import { asMember } from '../../support/members';
import { type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * `GET /api/teams/{teamId}/integrations` (contract/integrations.ts `integrationAvailabilitySchema`): whether the
 * server has GitHub and Slack configured, so the client can say "서버 관리자 설정 필요" instead of offering a tool
 * whose connect call answers 503 — for a server with both, with neither, and with one of them; team-scoped like
 * every team route. No provider is ever called (the fake's URL is never reached), so none runs here.
 */
jest.setTimeout(60_000);

const UNREACHABLE = 'http://127.0.0.1:9';
const slackEnv = {
  SLACK_CLIENT_ID: 'client-id',
  SLACK_CLIENT_SECRET: 'client-secret',
  SLACK_API_URL: `${UNREACHABLE}/api/`,
  SLACK_AUTHORIZE_URL: `${UNREACHABLE}/oauth/v2/authorize`,
};

interface Server {
  app: FastifyInstance;
  ws: TestWorkspace;
  teamId: number;
}

let testDb: TestDatabase;
const servers: Record<'both' | 'neither' | 'githubOnly' | 'slackOnly', Server> = {} as never;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const envs = {
    both: { ...githubAppEnv(UNREACHABLE), ...slackEnv },
    neither: {},
    githubOnly: githubAppEnv(UNREACHABLE),
    slackOnly: slackEnv,
  };
  const people = {
    both: ['AvailBoth', '한지민', '박서준'],
    neither: ['AvailNone', '최우식', '김다미'],
    githubOnly: ['AvailGh', '이도현', '고윤정'],
    slackOnly: ['AvailSlack', '정해인', '손예진'],
  } as const;
  // One database, one app per configuration: each workspace is made through its own app.
  for (const [key, env] of Object.entries(envs) as Array<[keyof typeof envs, Record<string, string>]>) {
    const { app } = await createTestApp({ database: testDb.database, env });
    const [name, owner, member] = people[key];
    const ws = await createWorkspaceWith(app, name, owner, [member]);
    const teamId = await createTeamWith(app, ws.owner, '연동 팀', [ws.members[0]!.memberId]);
    servers[key] = { app, ws, teamId };
  }
});

afterAll(async () => {
  for (const server of Object.values(servers)) await server.app.close();
  await testDb?.drop();
});

describe('GET /api/teams/{teamId}/integrations', () => {
  it.each([
    ['both', true, true],
    ['neither', false, false],
    ['githubOnly', true, false],
    ['slackOnly', false, true],
  ] as const)('server with %s configured → github %s, slack %s', async (key, github, slack) => {
    const { app, ws, teamId } = servers[key];
    const res = await asMember(app, ws.members[0]!, 'GET', `/api/teams/${teamId}/integrations`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isSuccess: true,
      code: 'COMMON200',
      result: { githubConfigured: github, slackConfigured: slack, setupUrl: INTEGRATIONS_SETUP_PATH },
    });
  });

  it('agrees with the connect routes: unconfigured means 503 there', async () => {
    const { app, ws, teamId } = servers.neither;
    const github = await asMember(app, ws.owner, 'GET', `/api/github/connect?teamId=${teamId}`);
    expect([github.statusCode, github.json().code]).toEqual([503, 'GITHUB503_0']);
    const slack = await asMember(app, ws.owner, 'GET', `/slack/connect?teamId=${teamId}`);
    expect([slack.statusCode, slack.json().code]).toEqual([503, 'SLACK503_0']);
    const both = servers.both;
    const ok = await asMember(both.app, both.ws.owner, 'GET', `/api/github/connect?teamId=${both.teamId}`);
    expect(ok.statusCode).toBe(200);
  });

  it("team-scoped: another workspace's team → 404 TEAM404_0, malformed → 400, no token → 401", async () => {
    const { app, ws } = servers.both;
    const foreign = servers.neither.teamId;
    const res = await asMember(app, ws.owner, 'GET', `/api/teams/${foreign}/integrations`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'TEAM404_0']);
    const bad = await asMember(app, ws.owner, 'GET', '/api/teams/abc/integrations');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALID400_1']);
    const anonymous = await asMember(app, null, 'GET', `/api/teams/${servers.both.teamId}/integrations`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await servers.both.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/teams/{teamId}/integrations']?.get;
    expect(operation?.tags).toEqual(['integrations']);
    expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404']);
  });
});
