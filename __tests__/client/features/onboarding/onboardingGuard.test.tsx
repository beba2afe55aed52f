import { screen, waitFor } from '@testing-library/react';
import {
  shouldLeaveOnboarding,
  type OnboardingGuardInput,
} from '../../../../src/features/onboarding/OnboardingGuard';
import { isPageReload } from '../../../../src/shared/lib/browser';
import { renderApp } from '../../support/helpers';

jest.mock('../../../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../../../src/shared/lib/browser'),
  isPageReload: jest.fn(() => false),
}));

const reload = jest.mocked(isPageReload);
beforeEach(() => reload.mockReturnValue(false));
afterEach(() => jest.restoreAllMocks());

/** What a member with a workspace has stored (the invite link itself is never stored). */
const stored = { hasWorkspace: true };

const fresh: OnboardingGuardInput = {
  locationKey: 'default',
  isReload: false,
  hasWorkspace: true,
  isInvite: false,
  workspaceCreated: false,
};

describe('shouldLeaveOnboarding (docs/product.md "Onboarding")', () => {
  it.each<[string, Partial<OnboardingGuardInput>, boolean]>([
    ['fresh load of a member with a workspace', {}, false],
    ['fresh load without a known workspace', { hasWorkspace: false }, true],
    ['fresh load with the invite flag set', { isInvite: true }, true],
    ['fresh load once the workspace was created', { workspaceCreated: true }, true],
    ['a reload, even with nothing stored', { isReload: true, hasWorkspace: false }, false],
    [
      'in-app navigation, even with nothing stored',
      { locationKey: 'k3x9', hasWorkspace: false, isInvite: true },
      false,
    ],
  ])('%s → leave: %s', (_label, input, leave) => {
    expect(shouldLeaveOnboarding({ ...fresh, ...input })).toBe(leave);
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

  it('a fresh load of a member with a workspace stays', async () => {
    const { router } = await renderApp('/onboarding/fin', { preloadedState: { invite: stored } });
    expect(await screen.findByRole('button', { name: '지금 시작하기' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/fin');
  });

  it('a fresh load redirects when the invite flag is set, even with a workspace', async () => {
    const { router } = await renderApp('/onboarding/input-pw', {
      preloadedState: { invite: { ...stored, isInvite: 'true', token: 'tok' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('a fresh load redirects once the workspace was created', async () => {
    const { router } = await renderApp('/onboarding/invite', {
      preloadedState: { invite: stored, onboarding: { workspaceCreated: true } },
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
