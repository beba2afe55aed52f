import { expect, test } from '@playwright/test';
import { persisted, sessionToken, shots, signInWithDevForm, watchConsole } from './support';

test('a new member signs in with the development form and lands on workspace creation; reload keeps the session', async ({
  page,
}) => {
  const errors = watchConsole(page);

  await page.goto('/onboarding');
  const google = page.getByRole('button', { name: '구글로 계속하기' });
  await expect(google).toBeVisible();
  await expect(page.getByRole('button', { name: '카카오톡으로 계속하기' })).toBeVisible();
  await expect(page.getByRole('link', { name: '이용약관 & 데이터 처리 동의' })).toBeVisible();
  await expect(page.getByText('Momentum', { exact: true })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${shots}/login.png` });

  await google.click();
  await expect(page).toHaveURL(/\/oauth2\/authorization\/google$/);
  await page.screenshot({ path: `${shots}/dev-sign-in.png` });
  await page.goto('/onboarding');
  await signInWithDevForm(page, '김민수', 'minsu@example.com');

  await expect(page).toHaveURL(/\/onboarding\/workspace$/);
  await page.screenshot({ path: `${shots}/after-sign-in.png` });
  // No credential in storage: the access token lives in the app's memory, the refresh token in an HttpOnly cookie.
  const stored = JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })));
  expect(stored).not.toMatch(/eyJ/);
  expect(await persisted(page, 'session')).not.toHaveProperty('accessToken');

  // The session's cookie gives an access token that the API accepts: "no workspace yet" (404), not 401.
  const token = await sessionToken(page);
  expect(token).toEqual(expect.any(String));
  const profile = await page.request.get('/api/workspace/setting', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(404);
  expect((await profile.json()).code).toBe('WORKSPACE404_0');

  // A reload keeps the session (renewed from the cookie), and so does the loading screen.
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding\/workspace$/);
  await page.goto('/onboarding/loading');
  await expect(page).toHaveURL(/\/onboarding\/workspace$/);

  expect(errors).toEqual([]);
});

test('without a session the loading screen returns to the login screen', async ({ page }) => {
  await page.goto('/onboarding/loading');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('button', { name: '구글로 계속하기' })).toBeVisible();
});

test('unknown pages show the 404 page and unknown API routes answer the envelope', async ({
  page,
  request,
}) => {
  await page.goto('/this/page/does/not/exist');
  await expect(page.getByText('404', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/not-found.png` });

  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ isSuccess: false, code: 'COMMON404' });
});

test('the workspace shell sends a visitor without a session to onboarding', async ({ page }) => {
  await page.goto('/workspace/team/1/issue');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('the API documentation renders', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Momentum API').first()).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});
