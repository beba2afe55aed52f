import { File as NodeFile } from 'node:buffer';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryStorage } from '../../../../src/app/storage';
import { envelopeResponse, mockFetch, profile, renderApp, type FetchHandler } from '../../support/helpers';
import { failure, myProfile, settingsRoutes, signedIn } from './settingsSupport';

/*
 * `/workspace/setting/ws-profile` and `/workspace/setting/my-profile` (photo, withdrawal, logout) in the whole app:
 * memory router, real store, sagas and redux-persist (on in-memory storage), `fetch` mocked.
 */

// Whole-app renders load lazy route chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

// The error token (tokens.error): AA on the buttons' grey fill, where the reference's #ff0000 reads 3.6:1.
const RED_TEXT = 'rgb(196, 61, 61)';
const RED = 'rgb(196, 61, 61)';
const GREY = 'rgb(220, 220, 220)';

describe('workspace profile', () => {
  it('shows a member the logo and the name and URL as disabled read-only fields', async () => {
    mockFetch(
      settingsRoutes({
        'GET /api/workspace/setting': () =>
          envelopeResponse(200, { ...profile, myRole: 'member', inviteUrl: null, invitePassword: null }),
      }),
    );
    await renderApp('/workspace/setting/ws-profile', { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: '워크스페이스', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '워크스페이스 로고' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Acme 워크스페이스 로고' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: '이름' });
    const url = screen.getByRole('textbox', { name: 'URL' });
    await waitFor(() => expect(name).toHaveValue('Acme'));
    expect(url).toHaveValue(profile.workspaceUrl);
    for (const field of [name, url]) {
      expect(field).toBeDisabled();
      expect(field).toHaveAttribute('readonly');
    }
    expect(screen.queryByRole('button', { name: '로고 변경' })).not.toBeInTheDocument();
    expect(screen.getByText('워크스페이스 정보는 관리자만 바꿀 수 있어요.')).toBeInTheDocument();
  });

  it('lets an admin rename the workspace (rules checked first) and change the logo (issue #23)', async () => {
    const bodies: unknown[] = [];
    mockFetch(
      settingsRoutes({
        'PATCH /api/workspace/setting': async (request) => {
          bodies.push(await request.json());
          return envelopeResponse(200, { workspaceName: 'Acme2' });
        },
      }),
    );
    await renderApp('/workspace/setting/ws-profile', { preloadedState: signedIn });
    await waitFor(() => expect(screen.getByRole('textbox', { name: '이름' })).toBeEnabled());
    const name = screen.getByRole('textbox', { name: '이름' });
    expect(name).toHaveValue('Acme');
    expect(screen.getByRole('button', { name: '로고 변경' })).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'A{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/4자 이상/);
    expect(bodies).toHaveLength(0);
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme2');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(bodies).toEqual([{ workspaceName: 'Acme2' }]));
  }, 15_000);
});

/** A signed-in member on the my-profile page; storage is inspectable. */
async function openMyProfile(overrides: Record<string, FetchHandler> = {}) {
  const fetch = mockFetch(settingsRoutes(overrides));
  const storage = createMemoryStorage();
  const view = await renderApp('/workspace/setting/my-profile', { preloadedState: signedIn, storage });
  await screen.findByRole('heading', { name: '나의 프로필', level: 1 });
  await waitFor(() => expect(screen.getByRole('textbox', { name: '이름' })).toHaveValue('김민수'));
  return { ...view, ...fetch, storage };
}

const fileInput = () => screen.getByLabelText('프로필 사진 파일') as HTMLInputElement;

/** Picks `file` in the (hidden) file input, as the browser's file chooser would. */
function pick(file: unknown) {
  const input = fileInput();
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  fireEvent.change(input);
}

const png = () => new NodeFile([new Uint8Array([137, 80, 78, 71])], 'avatar.png', { type: 'image/png' });

describe('my profile', () => {
  it('shows the photo row, disabled name and email, and the two red-text account buttons', async () => {
    await openMyProfile();
    expect(screen.getByRole('heading', { name: '프로필 사진' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: '이메일' });
    expect(email).toHaveValue('minsu@acme.example');
    expect(email).toBeDisabled();
    expect(screen.getByRole('textbox', { name: '이름' })).toBeDisabled();
    for (const label of ['회원탈퇴', '로그아웃']) {
      expect(screen.getByRole('heading', { name: label })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: label })).toHaveStyle({
        width: '12.8rem',
        color: RED_TEXT,
        backgroundColor: 'rgb(243, 243, 243)',
      });
    }
  });

  it('the avatar opens a menu with 삭제 and 수정; 수정 opens an image-only file picker', async () => {
    await openMyProfile();
    const avatar = screen.getByRole('button', { name: '프로필 사진 변경' });
    expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(avatar);
    const menu = screen.getByRole('menu', { name: '프로필 사진 메뉴' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['삭제', '수정']);
    expect(fileInput()).toHaveAttribute('accept', 'image/*');
    const click = jest.spyOn(fileInput(), 'click');
    await userEvent.click(within(menu).getByRole('menuitem', { name: '수정' }));
    expect(click).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('uploading PATCHes multipart FormData with the file under "image" and shows the new photo', async () => {
    const uploads: Array<{ contentType: string | null; image: FormDataEntryValue | null }> = [];
    let photo: string | null = null;
    await openMyProfile({
      'PATCH /api/workspace/setting/my-profile/profile-image': async (request) => {
        const form = await request.formData();
        uploads.push({ contentType: request.headers.get('Content-Type'), image: form.get('image') });
        photo = '/uploads/profile/1-new.webp';
        return envelopeResponse(200, { memberId: 1, profileImageUrl: photo });
      },
      'GET /api/workspace/setting/my-profile': () =>
        envelopeResponse(200, { ...myProfile, profileImageUrl: photo }),
    });
    pick(png());
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploads[0]!.image).toMatchObject({ name: 'avatar.png', type: 'image/png', size: 4 });
    const main = screen.getByRole('main');
    await waitFor(() =>
      expect(
        within(main).getByRole('button', { name: '프로필 사진 변경' }).querySelector('img'),
      ).toHaveAttribute('src', '/uploads/profile/1-new.webp'),
    );
  });

  it('refuses a file that is not an image, with a toast and no request', async () => {
    const { seen, store } = await openMyProfile();
    pick(new NodeFile(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect(store.getState().toast.toasts.map((toast) => toast.message)).toEqual([
        '이미지 파일만 올릴 수 있어요.',
      ]),
    );
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it.each([
    [413, 'MEMBER413_0', '이미지는 5MB 이하만 올릴 수 있습니다.'],
    [415, 'MEMBER415_0', '이미지 파일(JPEG, PNG, WebP, GIF)만 올릴 수 있습니다.'],
  ])(
    "an upload failing with %i shows the server's Korean message as a toast",
    async (status, code, message) => {
      const { store } = await openMyProfile({
        'PATCH /api/workspace/setting/my-profile/profile-image': () => failure(status, code, message),
      });
      pick(png());
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(store.getState().toast.toasts.map((toast) => toast.message)).toEqual([message]);
    },
  );

  it('삭제 sends DELETE and the avatar falls back to the grey circle', async () => {
    let photo: string | null = '/uploads/profile/1.webp';
    const { seen } = await openMyProfile({
      'GET /api/workspace/setting/my-profile': () =>
        envelopeResponse(200, { ...myProfile, profileImageUrl: photo }),
      'DELETE /api/workspace/setting/my-profile/profile-image': () => {
        photo = null;
        return envelopeResponse(200, { memberId: 1, profileImageUrl: null });
      },
    });
    const avatar = screen.getByRole('button', { name: '프로필 사진 변경' });
    await waitFor(() => expect(avatar.querySelector('img')).not.toBeNull());
    await userEvent.click(avatar);
    await userEvent.click(screen.getByRole('menuitem', { name: '삭제' }));
    await waitFor(() => expect(avatar.querySelector('img')).toBeNull());
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/workspace/setting/my-profile/profile-image',
    ]);
  });
});

describe('withdrawal and logout', () => {
  type Storage = ReturnType<typeof createMemoryStorage>;
  /** A persisted field as redux-persist stores it (each value JSON-encoded inside the slice's JSON). */
  const stored = (storage: Storage, slice: string, field: string): unknown => {
    const raw = storage.dump()[`persist:${slice}`];
    if (raw === undefined) return undefined;
    const encoded = (JSON.parse(raw) as Record<string, string>)[field];
    return encoded === undefined ? undefined : JSON.parse(encoded);
  };

  it('withdraw: "탈퇴하기" is disabled (grey) until the agreement is ticked, then red', async () => {
    await openMyProfile();
    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    const dialog = await screen.findByRole('dialog', { name: '정말로 탈퇴하시겠어요?' });
    expect(dialog).toHaveAccessibleDescription('탈퇴 시 모든 데이터가 즉시 삭제되며, 복구가 불가능합니다.');
    const submit = within(dialog).getByRole('button', { name: '탈퇴하기' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveStyle({ backgroundColor: GREY });
    const agree = within(dialog).getByRole('checkbox', {
      name: '위의 내용을 확인했으며 모든 사항에 동의합니다.',
    });
    await userEvent.click(agree);
    expect(submit).toBeEnabled();
    expect(submit).toHaveStyle({ backgroundColor: RED });
    await userEvent.click(agree);
    expect(submit).toBeDisabled();
  });

  it('withdraw: DELETE my-profile, every stored slice and local storage cleared, then /onboarding', async () => {
    window.localStorage.setItem('leftover', 'x');
    const { router, store, storage, seen } = await openMyProfile({
      'DELETE /api/workspace/setting/my-profile': () => envelopeResponse(200, null),
    });
    await waitFor(() => expect(stored(storage, 'session', 'hasSession')).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.filter((r) => r.method === 'DELETE')).toMatchObject([
      { path: '/api/workspace/setting/my-profile', authorization: 'Bearer tok' },
    ]);
    expect(store.getState().session.accessToken).toBeNull();
    expect(store.getState().invite.hasWorkspace).toBe(false);
    expect(stored(storage, 'session', 'hasSession')).toBe(false);
    expect(stored(storage, 'invite', 'hasWorkspace')).toBe(false);
    expect(JSON.stringify(storage.dump())).not.toContain(profile.inviteUrl);
    expect(window.localStorage.getItem('leftover')).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(await screen.findByRole('button', { name: '구글로 계속하기' })).toBeInTheDocument();
  });

  it('withdraw failure: a toast with the reason, still signed in, the dialog stays', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, store } = await openMyProfile({
      'DELETE /api/workspace/setting/my-profile': () =>
        failure(500, 'COMMON500', '서버 오류가 발생했습니다.'),
    });
    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    expect(await screen.findByText('서버 오류가 발생했습니다.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workspace/setting/my-profile');
    expect(store.getState().session.accessToken).toBe('tok');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '탈퇴하기' })).toBeEnabled());
  });

  it('logout: the modal, POST /api/token/logout, storage cleared, then /onboarding', async () => {
    window.localStorage.setItem('leftover', 'x');
    const { router, store, storage, seen } = await openMyProfile({
      'POST /api/token/logout': () => envelopeResponse(200, null),
    });
    await waitFor(() => expect(stored(storage, 'session', 'hasSession')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    const dialog = await screen.findByRole('dialog', { name: '로그아웃' });
    expect(within(dialog).getByText('정말로 로그아웃하시겠습니까?')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: '로그아웃' });
    expect(confirm).toHaveStyle({ backgroundColor: RED });
    await userEvent.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/token/logout')).toBe(true);
    expect(store.getState().session.accessToken).toBeNull();
    expect(stored(storage, 'session', 'hasSession')).toBe(false);
    expect(window.localStorage.getItem('leftover')).toBeNull();
  });

  it('the logout modal closes on the overlay without logging out', async () => {
    const { router, seen } = await openMyProfile();
    await userEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    await screen.findByRole('dialog', { name: '로그아웃' });
    const overlay = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(overlay);
      fireEvent.click(overlay);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/workspace/setting/my-profile');
    expect(seen.some((r) => r.path === '/api/token/logout')).toBe(false);
  });
});
