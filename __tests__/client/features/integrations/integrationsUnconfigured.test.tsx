import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assignLocation } from '../../../../src/shared/lib/browser';
import type { FetchHandler } from '../../support/helpers';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detailRoutes, signedIn as detailSignedIn } from '../items/itemDetailSupport';
import { listRoutes, page, signedIn as listSignedIn } from '../items/itemListSupport';

/*
 * An unconfigured server says so (docs/product.md "Integrations"; `GET /api/teams/{teamId}/integrations`): a tool
 * without server credentials is shown as "서버 관리자 설정 필요" with a link to the setup guide — a disabled card in
 * the "외부 연동" modal, a note under the detail's 외부 row on create — and is never offered, so nobody gets the 503.
 */

jest.mock('../../../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../../../src/shared/lib/browser'),
  assignLocation: jest.fn(),
}));

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const SETUP = '/integrations-setup.html';
const availability = (githubConfigured: boolean, slackConfigured: boolean): FetchHandler => {
  return () => envelopeResponse(200, { githubConfigured, slackConfigured, setupUrl: SETUP }, 'COMMON200');
};

async function openModal(available: FetchHandler, extra: Record<string, FetchHandler> = {}) {
  const mocked = mockFetch(
    listRoutes({
      'GET /api/teams/7/externals': () => envelopeResponse(200, page([])),
      'GET /api/teams/7/integrations': available,
      ...extra,
    }),
  );
  await renderApp('/workspace/default/team/7/ext', { preloadedState: listSignedIn });
  await userEvent.click(await screen.findByRole('button', { name: '연동하기' }));
  const dialog = await screen.findByRole('dialog', { name: '외부 연동' });
  return { ...mocked, dialog };
}

describe('connect modal on a server without GitHub', () => {
  it('shows GitHub as a disabled card saying "서버 관리자 설정 필요" with the guide link; Slack still connects', async () => {
    const { dialog, seen } = await openModal(availability(false, true), {
      'GET /slack/connect': () => envelopeResponse(200, 'https://slack.com/oauth/v2/authorize?state=s'),
    });
    const github = await within(dialog).findByRole('radio', { name: 'GitHub — 서버 관리자 설정 필요' });
    expect(github).toBeDisabled();
    expect(github.closest('label')).toHaveAttribute('data-disabled', 'true');
    const guide = within(dialog).getByRole('link', { name: 'GitHub 연동 설정 안내 (새 탭에서 열림)' });
    expect(guide).toHaveAttribute('href', SETUP);
    expect(guide).toHaveAttribute('target', '_blank');
    expect(guide).toHaveTextContent('설정 안내');

    // A click on the card picks nothing; the submit stays disabled and no connect call is made.
    await userEvent.click(within(dialog).getByText('서버 관리자 설정 필요'));
    expect(github).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: '외부 연동하기' })).toBeDisabled();
    expect(seen.some((request) => request.path === '/api/github/connect')).toBe(false);

    const slack = within(dialog).getByRole('radio', { name: 'Slack — 팀 커뮤니케이션과 알림 연동' });
    await userEvent.click(slack);
    await userEvent.click(within(dialog).getByRole('button', { name: '외부 연동하기' }));
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('https://slack.com/oauth/v2/authorize?state=s'),
    );
  });

  it('with both configured: both cards are offered and no note is shown', async () => {
    const { dialog } = await openModal(availability(true, true));
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'GitHub — 코드 버전 관리 및 협업' })).toBeEnabled(),
    );
    expect(within(dialog).getByRole('radio', { name: 'Slack — 팀 커뮤니케이션과 알림 연동' })).toBeEnabled();
    expect(within(dialog).queryByText('서버 관리자 설정 필요')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('with neither configured: both cards disabled, each with its guide link', async () => {
    const { dialog } = await openModal(availability(false, false));
    expect(
      await within(dialog).findByRole('radio', { name: 'Slack — 서버 관리자 설정 필요' }),
    ).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'GitHub — 서버 관리자 설정 필요' })).toBeDisabled();
    expect(within(dialog).getAllByRole('link', { name: /설정 안내/ })).toHaveLength(2);
  });
});

describe('외부 row of an external create', () => {
  const LIST = '/workspace/default/team/7/ext';
  const CREATE = `${LIST}/detail/create`;

  async function openCreate(available: FetchHandler, linkedWithGithub: boolean, linkedWithSlack: boolean) {
    mockFetch(
      detailRoutes({
        'GET /api/teams/7/externals/links': () =>
          envelopeResponse(200, { linkedWithGithub, linkedWithSlack }),
        'GET /api/teams/7/integrations': available,
      }),
    );
    await renderApp([LIST, CREATE], { preloadedState: detailSignedIn });
    await screen.findByRole('textbox', { name: '제목' });
  }

  it('a linked tool the server no longer has is not offered; the note names it with the guide link', async () => {
    await openCreate(availability(false, true), true, true);
    expect(await screen.findByText('GitHub: 서버 관리자 설정 필요')).toBeInTheDocument();
    const guide = screen.getByRole('link', { name: 'GitHub 연동 설정 안내 (새 탭에서 열림)' });
    expect(guide).toHaveAttribute('href', SETUP);

    await userEvent.click(screen.getByRole('button', { name: '외부: 없음' }));
    const menu = await screen.findByRole('menu', { name: '외부' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((option) => option.textContent),
    ).toEqual(['Slack']);
  });

  it('nothing configured: the note names both, and a click on the row explains instead of offering', async () => {
    await openCreate(availability(false, false), true, false);
    expect(await screen.findByText('GitHub · Slack: 서버 관리자 설정 필요')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '외부: 없음' }));
    expect(
      await screen.findByText(
        '이 서버에는 외부 툴 연동이 설정되어 있지 않습니다. 서버 관리자에게 설정을 요청해 주세요.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menu', { name: '외부' })).not.toBeInTheDocument();
  });

  it('everything configured: no note; the linked tools are offered', async () => {
    await openCreate(availability(true, true), true, true);
    await userEvent.click(screen.getByRole('button', { name: '외부: 없음' }));
    const menu = await screen.findByRole('menu', { name: '외부' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitemradio')
          .map((option) => option.textContent),
      ).toEqual(['GitHub', 'Slack']),
    );
    expect(screen.queryByText(/서버 관리자 설정 필요/)).not.toBeInTheDocument();
  });
});
