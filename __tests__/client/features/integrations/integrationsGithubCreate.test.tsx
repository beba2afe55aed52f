import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchHandler } from '../../support/helpers';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detail, detailRoutes, recordBody, signedIn, type SentBody } from '../items/itemDetailSupport';
import { deferred, errorEnvelope, installation, repository } from './integrationsSupport';

/*
 * Creating an external with GitHub (docs/product.md "Integrations"): picking GitHub
 * loads the installation and the repositories (the first is used); the POST carries owner, repo and installationId;
 * without them the save is refused; the result's `sync` is toasted.
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const LIST = '/workspace/default/team/7/ext';
const CREATE = `${LIST}/detail/create`;

const LOADING = 'GitHub 정보를 불러오는 중입니다.';
const MISSING = 'GitHub 연동 정보가 부족합니다. 설치/온보딩을 먼저 완료해 주세요.';

const bothLinked = () => envelopeResponse(200, { linkedWithGithub: true, linkedWithSlack: true });
const created = (sync: Record<string, unknown>) => ({ externalId: 3, sync });
const githubOk = { service: 'GITHUB', ok: true, url: 'https://github.com/acme/web/issues/12', message: null };

function routes(extra: Record<string, FetchHandler>, sent: SentBody[], result = created(githubOk)) {
  return detailRoutes({
    'GET /api/teams/7/externals/links': bothLinked,
    'POST /api/teams/7/externals': recordBody(sent, result, 201),
    'GET /api/teams/7/externals/3': () =>
      envelopeResponse(200, detail(3, { name: 'Acme-e3', title: '배포 실패', extServiceType: 'GITHUB' })),
    ...extra,
  });
}

const saveButton = () => screen.getByRole('button', { name: /작성 완료|수정하기|저장 중…/ });

/** Opens the create screen, types a title and picks `tool` in the 외부 row. */
async function pickTool(tool: 'GitHub' | 'Slack') {
  const view = await renderApp([LIST, CREATE], { preloadedState: signedIn });
  fireEvent.change(await screen.findByRole('textbox', { name: '제목' }), { target: { value: '배포 실패' } });
  await userEvent.click(screen.getByRole('button', { name: '외부: 없음' }));
  await userEvent.click(await screen.findByRole('menuitemradio', { name: tool }));
  return view;
}

describe('GitHub external create', () => {
  it('toasts while loading, shows owner/repo of the first repository, and POSTs them with the installation', async () => {
    const sent: SentBody[] = [];
    const repos = deferred(() =>
      envelopeResponse(200, [repository('web'), repository('api')], 'GITHUB200_2'),
    );
    mockFetch(
      routes(
        {
          'GET /api/teams/7/github/installation': () => envelopeResponse(200, installation, 'GITHUB200_1'),
          'GET /api/teams/7/github/repositories': repos.handler,
        },
        sent,
      ),
    );
    const { router } = await pickTool('GitHub');

    expect(await screen.findByText(LOADING)).toBeInTheDocument();
    expect(screen.getByText('저장소 정보를 불러오는 중…')).toBeInTheDocument();
    // Saving before the information arrives: refused with the loading toast.
    await userEvent.click(saveButton());
    expect(sent).toHaveLength(0);

    repos.release();
    expect(await screen.findByText('이슈 생성 위치: acme/web')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '외부: GitHub' })).toBeInTheDocument();

    await userEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/3`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      title: '배포 실패',
      content: '',
      state: 'NONE',
      priority: 'NONE',
      managersId: [],
      deadline: {},
      extServiceType: 'GITHUB',
      owner: 'acme',
      repo: 'web',
      installationId: 4242,
    });
    expect(await screen.findByText('GitHub 이슈를 만들었습니다.')).toBeInTheDocument();
  });

  it('no repository: toasts the missing-information message and refuses the save', async () => {
    const sent: SentBody[] = [];
    mockFetch(
      routes(
        {
          'GET /api/teams/7/github/installation': () => envelopeResponse(200, installation),
          'GET /api/teams/7/github/repositories': () => envelopeResponse(200, []),
        },
        sent,
      ),
    );
    const { router } = await pickTool('GitHub');
    expect(await screen.findByText(MISSING)).toBeInTheDocument();
    expect(screen.getByText('연동된 저장소를 찾지 못했습니다.')).toBeInTheDocument();

    await userEvent.click(saveButton());
    expect(await screen.findByText(MISSING)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(router.state.location.pathname).toBe(CREATE);
  });

  it('no installation (404) or GitHub unreachable (502): the same refusal', async () => {
    const sent: SentBody[] = [];
    mockFetch(
      routes(
        {
          'GET /api/teams/7/github/installation': () =>
            errorEnvelope(404, 'GITHUB404_0', '이 팀에 연동된 GitHub 앱이 없습니다.'),
          'GET /api/teams/7/github/repositories': () =>
            errorEnvelope(502, 'GITHUB502_0', 'GitHub에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.'),
        },
        sent,
      ),
    );
    await pickTool('GitHub');
    expect(await screen.findByText(MISSING)).toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(sent).toHaveLength(0);
  });

  it("a failed sync still saves: the toast carries the server's message and the view opens", async () => {
    const sent: SentBody[] = [];
    mockFetch(
      routes(
        {
          'GET /api/teams/7/github/installation': () => envelopeResponse(200, installation),
          'GET /api/teams/7/github/repositories': () => envelopeResponse(200, [repository('web')]),
        },
        sent,
        created({
          service: 'GITHUB',
          ok: false,
          url: null,
          message: 'GitHub 이슈를 만들지 못했습니다: 권한 없음',
        }),
      ),
    );
    const { router } = await pickTool('GitHub');
    await screen.findByText('이슈 생성 위치: acme/web');
    await userEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/3`));
    expect(await screen.findByText('GitHub 이슈를 만들지 못했습니다: 권한 없음')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '수정하기' })).toBeInTheDocument();
  });

  it('Slack sends no GitHub fields and needs no GitHub reads', async () => {
    const sent: SentBody[] = [];
    const { seen } = mockFetch(
      routes({}, sent, created({ service: 'SLACK', ok: true, url: null, message: null })),
    );
    const { router } = await pickTool('Slack');
    await userEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/3`));
    expect(sent[0]!.body).toMatchObject({ extServiceType: 'SLACK' });
    expect(sent[0]!.body).not.toHaveProperty('owner');
    expect(sent[0]!.body).not.toHaveProperty('installationId');
    expect(seen.some((request) => request.path.includes('/github/'))).toBe(false);
    expect(await screen.findByText('Slack에 알렸습니다.')).toBeInTheDocument();
  });

  it('switching to Slack while GitHub loads keeps Slack and drops the late GitHub answer', async () => {
    const sent: SentBody[] = [];
    const install = deferred(() => errorEnvelope(404, 'GITHUB404_0', '이 팀에 연동된 GitHub 앱이 없습니다.'));
    mockFetch(
      routes(
        {
          'GET /api/teams/7/github/installation': install.handler,
          'GET /api/teams/7/github/repositories': () => envelopeResponse(200, [repository('web')]),
        },
        sent,
        created({ service: 'SLACK', ok: true, url: null, message: null }),
      ),
    );
    await pickTool('GitHub');
    await screen.findByText(LOADING);
    await userEvent.click(screen.getByRole('button', { name: '외부: GitHub' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Slack' }));
    expect(screen.queryByText('저장소 정보를 불러오는 중…')).not.toBeInTheDocument();
    install.release();
    // The late (failed) GitHub answer is ignored: no missing-information toast once Slack is chosen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText(MISSING)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '외부: Slack' })).toBeInTheDocument();
    await userEvent.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ extServiceType: 'SLACK' });
  });
});
