import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assignLocation } from '../../../../src/shared/lib/browser';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { listRoutes, page, signedIn } from '../items/itemListSupport';
import { errorEnvelope, recordUrl } from './integrationsSupport';

/*
 * The "외부 연동" modal of the external lists (docs/product.md "Integrations"): opened by "연동하기" or the blue "+", two
 * radio cards, "외부 연동하기" fetches the connect URL and leaves the app for it. `window.location.assign` cannot be
 * redefined in jsdom, so the app's one wrapper around it (`shared/lib/browser#assignLocation`) is mocked.
 */

jest.mock('../../../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../../../src/shared/lib/browser'),
  assignLocation: jest.fn(),
}));

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

const assign = jest.mocked(assignLocation);

beforeEach(() => assign.mockReset());
afterEach(() => jest.restoreAllMocks());

const GITHUB_URL = 'https://github.com/apps/momentum/installations/new?state=signed';
const SLACK_URL = 'https://slack.com/oauth/v2/authorize?client_id=1&state=signed';

const githubCard = () => screen.getByRole('radio', { name: 'GitHub — 코드 버전 관리 및 협업' });
const slackCard = () => screen.getByRole('radio', { name: 'Slack — 팀 커뮤니케이션과 알림 연동' });
const submit = () => screen.getByRole('button', { name: '외부 연동하기' });

/** The joint ext list of team 7 (nothing linked) or team 11's (GitHub linked), with its connect modal open. */
async function openModal(team: 7 | 11, routes: Parameters<typeof listRoutes>[0] = {}) {
  const mocked = mockFetch(
    listRoutes({
      'GET /api/teams/7/externals': () => envelopeResponse(200, page([])),
      'GET /api/teams/11/externals': () => envelopeResponse(200, page([])),
      ...routes,
    }),
  );
  const path = team === 7 ? '/workspace/default/team/7/ext' : '/workspace/team/11/ext';
  const view = await renderApp(path, { preloadedState: signedIn });
  const opener =
    team === 7
      ? await screen.findByRole('button', { name: '연동하기' })
      : await screen.findByRole('button', { name: '외부 연동 추가' });
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: '외부 연동' });
  return { ...mocked, ...view, dialog };
}

describe('connect modal', () => {
  it('shows GitHub and Slack cards, none chosen, and "외부 연동하기" disabled until one is', async () => {
    const { dialog } = await openModal(7);
    const group = within(dialog).getByRole('radiogroup', { name: '연동할 서비스' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(within(dialog).getByText('코드 버전 관리 및 협업')).toBeInTheDocument();
    expect(within(dialog).getByText('팀 커뮤니케이션과 알림 연동')).toBeInTheDocument();
    expect(githubCard()).not.toBeChecked();
    expect(slackCard()).not.toBeChecked();
    expect(submit()).toBeDisabled();

    await userEvent.click(screen.getByText('코드 버전 관리 및 협업'));
    expect(githubCard()).toBeChecked();
    expect(githubCard().closest('label')).toHaveAttribute('data-checked', 'true');
    expect(slackCard().closest('label')).toHaveAttribute('data-checked', 'false');
    expect(submit()).toBeEnabled();
  });

  it('is keyboard operable: Space picks a card, arrow keys move the choice', async () => {
    await openModal(7);
    githubCard().focus();
    await userEvent.keyboard(' ');
    expect(githubCard()).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(slackCard()).toBeChecked();
    expect(slackCard()).toHaveFocus();
    expect(githubCard()).not.toBeChecked();
  });

  it('GitHub: asks /api/github/connect with the team and sends the browser to the returned URL', async () => {
    const urls: string[] = [];
    await openModal(7, {
      'GET /api/github/connect': recordUrl(urls, () => envelopeResponse(200, GITHUB_URL, 'GITHUB200_0')),
    });
    await userEvent.click(githubCard());
    await userEvent.click(submit());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GITHUB_URL));
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0]!).searchParams.get('teamId')).toBe('7');
  });

  it('Slack (from the blue "+"): asks /slack/connect, without the /api prefix, and redirects', async () => {
    const urls: string[] = [];
    await openModal(11, {
      'GET /slack/connect': recordUrl(urls, () => envelopeResponse(200, SLACK_URL, 'SLACK200_0')),
    });
    await userEvent.click(slackCard());
    await userEvent.click(submit());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SLACK_URL));
    expect(new URL(urls[0]!).pathname).toBe('/slack/connect');
    expect(new URL(urls[0]!).searchParams.get('teamId')).toBe('11');
  });

  it("a 503 toasts the server's Korean message and keeps the modal open", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog } = await openModal(7, {
      'GET /api/github/connect': () =>
        errorEnvelope(503, 'GITHUB503_0', 'GitHub 연동이 설정되지 않은 서버입니다.'),
    });
    await userEvent.click(githubCard());
    await userEvent.click(submit());
    expect(await screen.findByText('GitHub 연동이 설정되지 않은 서버입니다.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(githubCard()).toBeChecked();
    expect(submit()).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a member (not an admin) is told in Korean that only admins connect; the browser stays (issue #23)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog } = await openModal(7, {
      'GET /slack/connect': () => errorEnvelope(403, 'ROLE403_0', '워크스페이스 관리자만 할 수 있습니다.'),
    });
    await userEvent.click(slackCard());
    await userEvent.click(submit());
    expect(await screen.findByText('워크스페이스 관리자만 할 수 있습니다.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a 502, and a result that is no address, toast too', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = () =>
      errorEnvelope(502, 'SLACK502_0', 'Slack에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.');
    await openModal(7, { 'GET /slack/connect': () => answer() });
    await userEvent.click(slackCard());
    await userEvent.click(submit());
    expect(
      await screen.findByText('Slack에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.'),
    ).toBeInTheDocument();

    answer = () => envelopeResponse(200, 'javascript:alert(1)');
    await userEvent.click(submit());
    expect(
      await screen.findByText('Slack 연동 주소를 받지 못했습니다. 잠시 후 다시 시도해 주세요.'),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('closes on Escape and can be opened again with nothing chosen', async () => {
    await openModal(7);
    await userEvent.click(githubCard());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '연동하기' }));
    await screen.findByRole('dialog', { name: '외부 연동' });
    expect(githubCard()).not.toBeChecked();
    expect(submit()).toBeDisabled();
  });
});
