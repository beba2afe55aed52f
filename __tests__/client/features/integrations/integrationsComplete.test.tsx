import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  completeBackPath,
  completeErrorMessage,
  teamIdParam,
} from '../../../../src/features/integrations/integrationModel';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { listRoutes, page, signedIn } from '../items/itemListSupport';

/*
 * `/workspace/github/complete` and `/workspace/slack/complete` (docs/product.md "Integrations"): where the server's
 * callback returns, with `?teamId=` and, on failure, `&error=<CODE>`.
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const routes = (extra: Parameters<typeof listRoutes>[0] = {}) =>
  listRoutes({
    'GET /api/teams/7/externals': () => envelopeResponse(200, page([])),
    'GET /api/teams/11/externals': () => envelopeResponse(200, page([])),
    ...extra,
  });

const backButton = () => screen.getByRole('button', { name: '돌아가기' });

describe('success', () => {
  it('GitHub: logo, success message and "돌아가기" to that team\'s ext list', async () => {
    mockFetch(routes());
    const { router } = await renderApp('/workspace/github/complete?teamId=11', { preloadedState: signedIn });
    const region = await screen.findByRole('region', { name: 'GitHub 연동 결과' });
    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent('GitHub 연동에 성공했습니다');
    expect(within(region).getByText('이제 팀원들과 함께 이슈를 관리해보세요!')).toBeInTheDocument();
    expect(region.querySelector('svg')).toHaveAttribute('width', '15rem');

    await waitFor(() => expect(backButton()).toBeEnabled());
    await userEvent.click(backButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/team/11/ext'));
    expect(await screen.findByRole('region', { name: '외부 이슈 목록' })).toBeInTheDocument();
  });

  it('the default team returns to its joint (default-team) ext list', async () => {
    mockFetch(routes());
    const { router } = await renderApp('/workspace/github/complete?teamId=7', { preloadedState: signedIn });
    await screen.findByRole('heading', { name: 'GitHub 연동에 성공했습니다' });
    await waitFor(() => expect(backButton()).toBeEnabled());
    await userEvent.click(backButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/ext'));
    expect(await screen.findByRole('region', { name: '공동 외부 이슈 목록' })).toBeInTheDocument();
  });

  it("Slack without a teamId returns to the default team's ext list", async () => {
    mockFetch(routes());
    const { router } = await renderApp('/workspace/slack/complete', { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: 'Slack 연동에 성공했습니다' })).toBeInTheDocument();
    await waitFor(() => expect(backButton()).toBeEnabled());
    await userEvent.click(backButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/ext'));
  });

  it('refreshes the links: the list shows the newly linked tool after coming back', async () => {
    let slackLinked = false;
    const { seen } = mockFetch(
      routes({
        'GET /api/teams/11/externals/links': () =>
          envelopeResponse(200, { linkedWithGithub: true, linkedWithSlack: slackLinked }),
      }),
    );
    const { router } = await renderApp('/workspace/team/11/ext', { preloadedState: signedIn });
    const area = await screen.findByRole('group', { name: '외부 연동' });
    expect(within(area).queryByRole('img', { name: 'Slack 연동됨' })).not.toBeInTheDocument();

    // Back from Slack within the cache's 60 s: only the invalidation makes the list read the flags again.
    slackLinked = true;
    await act(() => router.navigate('/workspace/slack/complete?teamId=11'));
    await screen.findByRole('heading', { name: 'Slack 연동에 성공했습니다' });
    await waitFor(() => expect(backButton()).toBeEnabled());
    await userEvent.click(backButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/team/11/ext'));
    expect(await screen.findByRole('img', { name: 'Slack 연동됨' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '외부 연동 추가' })).not.toBeInTheDocument();
    expect(seen.filter((request) => request.path === '/api/teams/11/externals/links')).toHaveLength(2);
  });
});

describe('failure (?error=CODE)', () => {
  it('says GitHub failed, explains the code in Korean, and still goes back', async () => {
    mockFetch(routes());
    const { router } = await renderApp('/workspace/github/complete?teamId=11&error=GITHUB400_1', {
      preloadedState: signedIn,
    });
    const region = await screen.findByRole('region', { name: 'GitHub 연동 결과' });
    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent('GitHub 연동에 실패했습니다');
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'GitHub 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.',
    );
    expect(screen.queryByText('이제 팀원들과 함께 이슈를 관리해보세요!')).not.toBeInTheDocument();
    await waitFor(() => expect(backButton()).toBeEnabled());
    await userEvent.click(backButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/team/11/ext'));
  });

  it('a connect finished in another browser or by a non-admin (GITHUB403_0, no teamId) says so and goes back to the own default team', async () => {
    mockFetch(routes());
    const { router } = await renderApp('/workspace/github/complete?error=GITHUB403_0', {
      preloadedState: signedIn,
    });
    const region = await screen.findByRole('region', { name: 'GitHub 연동 결과' });
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'GitHub 연동은 연동을 시작한 브라우저에서 워크스페이스 관리자만 완료할 수 있습니다. 다시 시작해 주세요.',
    );
    await waitFor(() => expect(backButton()).toBeEnabled());
    await userEvent.click(backButton());
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/workspace\/default\/team\/\d+\/ext$/),
    );
  });

  it('Slack with an unknown code shows the generic failure line', async () => {
    mockFetch(routes());
    await renderApp('/workspace/slack/complete?error=access_denied', { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: 'Slack 연동에 실패했습니다' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '연동 중 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    );
  });
});

describe('integrationModel', () => {
  it('teamIdParam accepts positive integers only', () => {
    expect(teamIdParam('11')).toBe(11);
    expect(teamIdParam(null)).toBeNull();
    expect(teamIdParam('0')).toBeNull();
    expect(teamIdParam('-3')).toBeNull();
    expect(teamIdParam('1e3')).toBeNull();
  });

  it('completeBackPath picks the default-team or team route by comparing ids', () => {
    expect(completeBackPath(7, 7)).toBe('/workspace/default/team/7/ext');
    expect(completeBackPath(11, 7)).toBe('/workspace/team/11/ext');
    expect(completeBackPath(null, 7)).toBe('/workspace/default/team/7/ext');
    expect(completeBackPath(11, undefined)).toBe('/workspace/team/11/ext');
    expect(completeBackPath(null, undefined)).toBe('/workspace');
  });

  it('completeErrorMessage knows every integration failure code', () => {
    expect(completeErrorMessage('GITHUB503_0')).toBe('GitHub 연동이 설정되지 않은 서버입니다.');
    expect(completeErrorMessage('SLACK400_0')).toBe(
      'Slack 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.',
    );
    expect(completeErrorMessage('toString')).toBe('연동 중 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.');
  });
});
