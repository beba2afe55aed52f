import { screen, waitFor } from '@testing-library/react';
import {
  isInviteUrl,
  shouldLeaveOnboarding,
  type OnboardingGuardInput,
} from '../../src/features/onboarding/OnboardingGuard';
import { isPageReload } from '../../src/shared/lib/browser';
import { renderApp } from './helpers';

jest.mock('../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../src/shared/lib/browser'),
  isPageReload: jest.fn(() => false),
}));

const reload = jest.mocked(isPageReload);
beforeEach(() => reload.mockReturnValue(false));
afterEach(() => jest.restoreAllMocks());

const INVITE_URL = 'http://localhost/acme/invite?token=tok';
const stored = { inviteUrl: INVITE_URL, invitePassword: 'abcd1234' };

const fresh: OnboardingGuardInput = {
  locationKey: 'default',
  isReload: false,
  inviteUrl: INVITE_URL,
  invitePassword: 'abcd1234',
  isInvite: false,
  workspaceCreated: false,
};

describe('shouldLeaveOnboarding (spec §2 onboarding guard)', () => {
  it.each<[string, Partial<OnboardingGuardInput>, boolean]>([
    ['fresh load with a stored invite URL and password', {}, false],
    ['fresh load without an invite URL', { inviteUrl: null }, true],
    ['fresh load without an invite password', { invitePassword: null }, true],
    [
      'fresh load with a URL whose path lacks /invite',
      { inviteUrl: 'http://localhost/acme?token=tok' },
      true,
    ],
    ['fresh load with a URL without a token', { inviteUrl: 'http://localhost/acme/invite' }, true],
    ['fresh load with the invite flag set', { isInvite: true }, true],
    ['fresh load once the workspace was created', { workspaceCreated: true }, true],
    ['a reload, even with nothing stored', { isReload: true, inviteUrl: null, invitePassword: null }, false],
    [
      'in-app navigation, even with nothing stored',
      { locationKey: 'k3x9', inviteUrl: null, isInvite: true },
      false,
    ],
  ])('%s → leave: %s', (_label, input, leave) => {
    expect(shouldLeaveOnboarding({ ...fresh, ...input })).toBe(leave);
  });

  it('recognises an invite URL by its path and token parameter', () => {
    expect(isInviteUrl(INVITE_URL)).toBe(true);
    expect(isInviteUrl('/acme-team/invite?token=a&x=1')).toBe(true);
    expect(isInviteUrl('http://localhost/acme/invite?token=')).toBe(false);
    expect(isInviteUrl('not a url at all')).toBe(false);
    expect(isInviteUrl(null)).toBe(false);
  });
});

describe('OnboardingGuard on invite, fin and input-pw', () => {
  it.each(['/onboarding/invite', '/onboarding/fin', '/onboarding/input-pw'])(
    'a fresh load of %s without stored invite data goes to /onboarding',
    async (path) => {
      const { router } = await renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
      expect(await screen.findByRole('button', { name: '구글로 계속하기' })).toBeInTheDocument();
    },
  );

  it('a fresh load with a stored invite URL and password stays', async () => {
    const { router } = await renderApp('/onboarding/fin', { preloadedState: { invite: stored } });
    expect(await screen.findByRole('button', { name: '지금 시작하기' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/fin');
  });

  it('a fresh load redirects when the invite flag is set, even with the invite data', async () => {
    const { router } = await renderApp('/onboarding/input-pw', {
      preloadedState: { invite: { ...stored, isInvite: 'true', token: 'tok' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('a fresh load redirects once the workspace was created, even with the invite data', async () => {
    const { router } = await renderApp('/onboarding/invite', {
      preloadedState: { invite: { ...stored, name: '김민수' }, onboarding: { workspaceCreated: true } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('a reload is never redirected', async () => {
    reload.mockReturnValue(true);
    const { router } = await renderApp('/onboarding/fin');
    expect(await screen.findByRole('button', { name: '지금 시작하기' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/fin');
  });

  it('in-app navigation is never blocked', async () => {
    const { router } = await renderApp(['/onboarding/loading', '/onboarding/input-pw'], {
      preloadedState: { invite: { isInvite: 'true', token: 'tok', workspaceName: 'acme' } },
    });
    expect(
      await screen.findByRole('heading', { name: 'acme 워크스페이스에 초대합니다.' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/input-pw');
  });
});
