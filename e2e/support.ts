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
