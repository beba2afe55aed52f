import { expect, type Page } from '@playwright/test';

export const shots = 'e2e/.artifacts/screenshots';

/** Collects console errors and page errors, ignoring expected HTTP error statuses of API calls. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (
      /Failed to load resource: the server responded with a status of (400|404|409|429)/.test(message.text())
    )
      return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Signs in through the login screen's Google button and the development sign-in form. */
export async function signInWithDevForm(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('button', { name: '구글로 계속하기' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorization\/google$/);
  await page.locator('#name').fill(name);
  await page.locator('#email').fill(email);
  await page.locator('button[type=submit]').click();
}

/** The persisted access token (redux-persist stores each field JSON-encoded). */
export async function storedAccessToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate(
    () => JSON.parse(localStorage.getItem('persist:session') ?? '{}').accessToken,
  );
  return typeof raw === 'string' ? (JSON.parse(raw) as string | null) : null;
}

/** Calls the API with the page's stored access token. */
export async function api(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const token = await storedAccessToken(page);
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: await response.json() };
}

/**
 * A signed-in member with a workspace, in the workspace shell: dev sign-in, then either creates
 * `workspaceName` or joins with `invite`, then the loading screen routes into the default team's issue list.
 */
export async function enterWorkspace(
  page: Page,
  member: { name: string; email: string },
  workspace: { create: string } | { token: string; password: string },
) {
  await page.goto('/onboarding');
  await signInWithDevForm(page, member.name, member.email);
  await expect(page).toHaveURL(/\/onboarding\/workspace$/);
  const result =
    'create' in workspace
      ? await api(page, 'POST', '/api/workspace', { workspaceName: workspace.create })
      : await api(page, 'POST', '/api/workspace/join', workspace);
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
  await page.goto('/onboarding/loading');
  await expect(page).toHaveURL(/\/workspace\/default\/team\/\d+\/issue$/);
  return result.body.result as { inviteUrl?: string; invitePassword?: string; defaultTeamId: number };
}
