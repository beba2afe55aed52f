import fs from 'node:fs';
import path from 'node:path';
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

/** Access tokens this suite obtained per page (the app keeps its own in memory only, never in storage). */
const sessionTokens = new WeakMap<Page, { token: string; until: number }>();

/**
 * An access token for the page's signed-in member: `POST /api/token/reissue` with the page's own refresh cookie
 * (`page.request` shares the browser context's cookies, so the rotated cookie goes back to the page). Kept per page
 * for 10 minutes, so a test renews once, well under the per-session reissue limit. `null` when not signed in.
 */
export async function sessionToken(page: Page, { fresh = false } = {}): Promise<string | null> {
  const kept = sessionTokens.get(page);
  if (kept && !fresh && kept.until > Date.now()) return kept.token;
  const response = await page.request.post('/api/token/reissue');
  if (response.status() !== 200) {
    sessionTokens.delete(page);
    return null;
  }
  const token = (await response.json()).result.accessToken as string;
  sessionTokens.set(page, { token, until: Date.now() + 10 * 60_000 });
  return token;
}

/** Forgets the page's kept token (after a sign-out, a withdrawal or another member signing in on it). */
export function forgetSessionToken(page: Page): void {
  sessionTokens.delete(page);
}

/** What the app persisted in localStorage under `persist:<key>` (redux-persist keeps each field JSON-encoded). */
export async function persisted(page: Page, key: string): Promise<Record<string, unknown>> {
  const raw = await page.evaluate((k) => localStorage.getItem(`persist:${k}`), key);
  if (!raw) return {};
  const fields = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, JSON.parse(value)]));
}

/** Calls the API as the page's signed-in member (`sessionToken`). */
export async function api(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const token = await sessionToken(page);
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

/** The workspace's member ids by name (`GET /api/workspace/setting/members`), as the page's member sees them. */
export async function memberIdsByName(page: Page): Promise<(name: string) => number> {
  const members = (await api(page, 'GET', '/api/workspace/setting/members')).body.result as Array<{
    memberId: number;
    name: string;
  }>;
  return (name) => {
    const member = members.find((m) => m.name === name);
    if (!member) throw new Error(`no member named ${name}`);
    return member.memberId;
  };
}

/** Creates a team through the API (`POST /api/workspace/setting/teams`) with these members; its id. */
export async function createTeam(page: Page, teamName: string, memberId: number[]): Promise<number> {
  const team = await api(page, 'POST', '/api/workspace/setting/teams', { teamName, memberId });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  return team.body.result.teamId as number;
}

/**
 * Opens the detail's 속성 band where it is collapsed (phones start with it closed, docs/responsive.md "Detail");
 * nothing where the properties are always shown.
 */
export async function openProperties(page: Page): Promise<void> {
  // The panel renders with the page; its toggle exists only where the band can collapse.
  await page.getByRole('complementary', { name: '속성' }).waitFor();
  const toggle = page.getByRole('button', { name: '속성' }).and(page.locator('[aria-expanded]'));
  if ((await toggle.count()) === 0) return;
  if ((await toggle.first().getAttribute('aria-expanded')) === 'false') await toggle.first().click();
  await expect(toggle.first()).toHaveAttribute('aria-expanded', 'true');
}

/**
 * Serves `dir` from now on: points the symlink `STATIC_DIR` at it (replaced atomically). For the A/B timing runs of
 * e2e/startup.spec.ts and e2e/detail-start.spec.ts; `flag` names the variable that asked for it, for the errors.
 */
export function serveBuild(dir: string, flag: string): void {
  const link = process.env.STATIC_DIR;
  if (!link) throw new Error(`${flag} needs STATIC_DIR (a symlink path this test may replace)`);
  if (fs.existsSync(link) && !fs.lstatSync(link).isSymbolicLink())
    throw new Error(`STATIC_DIR=${link} is not a symlink; ${flag} would replace it`);
  fs.mkdirSync(path.dirname(link), { recursive: true });
  const next = `${link}.next`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.resolve(dir), next);
  fs.renameSync(next, link);
}
