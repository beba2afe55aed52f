import { createHmac, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

/**
 * Issue #6 item 3 (external tool): linking GitHub and Slack through the local fake (scripts/fake-integrations.ts,
 * started by playwright.config.ts), then creating externals — the tool picker lists only linked tools, GitHub
 * shows its loading toast and the target repository, the GitHub issue / Slack message is really sent, and the tool
 * cannot be changed after creation.
 */

const fakeURL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 90)}`;

interface FakeRecords {
  issues: { owner: string; repo: string; title: string; body: string; htmlUrl: string }[];
  messages: { channel: string; text: string }[];
}

async function fakeRecords(page: Page): Promise<FakeRecords> {
  return (await (await page.request.get(`${fakeURL}/__fake/records`)).json()) as FakeRecords;
}

/** Sends a GitHub `issues` webhook as GitHub would: the raw JSON signed with the App's webhook secret. */
async function githubWebhook(page: Page, payload: unknown) {
  const raw = JSON.stringify(payload);
  const signature = createHmac('sha256', 'e2e-webhook-secret-0123456789').update(raw).digest('hex');
  const response = await page.request.post('/api/github/webhook', {
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${signature}`,
    },
    data: raw,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const toasts = (page: Page) => page.getByRole('status', { name: '알림' });

test('link GitHub and Slack, then create externals that reach them', async ({ page, browser }) => {
  // Two workspaces, both tools, webhooks and the disconnect: a long journey on a shared 2-core machine.
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const { defaultTeamId: teamId } = await enterWorkspace(
    page,
    { name: '연동담당', email: 'integrations@momentum.test' },
    { create: 'Link Team' },
  );
  const list = `/workspace/default/team/${teamId}/ext`;

  // Nothing linked: the external list offers '연동하기'; the modal's confirm waits for a choice.
  await page.goto(list);
  await page.getByRole('button', { name: '연동하기' }).click();
  const modal = page.getByRole('dialog', { name: '외부 연동' });
  const confirm = modal.getByRole('button', { name: '외부 연동하기' });
  await expect(confirm).toBeDisabled();
  await modal.getByRole('radio', { name: /GitHub/ }).check();
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: `${shots}/integrations-modal.png` });
  await confirm.click();

  // The (fake) GitHub App install page, then back through our callback to the complete page.
  await expect(page).toHaveURL(new RegExp(`^${fakeURL}/apps/[^/]+/installations/new\\?state=`));
  await page.locator('#install').click();
  await expect(page).toHaveURL(new RegExp(`/workspace/github/complete\\?teamId=${teamId}$`));
  await expect(page.getByText('GitHub 연동에 성공했습니다')).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-github-complete.png` });
  await page.getByRole('button', { name: '돌아가기' }).click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));

  // A forged or expired install redirect lands on the complete page's failure state, not a server error.
  await page.goto(`/api/github/installation/callback?installation_id=4242&setup_action=install&state=forged`);
  await expect(page).toHaveURL(/\/workspace\/github\/complete\?.*error=GITHUB400_1/);
  await expect(page.getByText('GitHub 연동에 실패했습니다')).toBeVisible();
  await expect(page.getByText('GitHub 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.')).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-github-failed.png` });

  // Issue #23: the install link of this admin's connect, forwarded to an admin of another workspace whose browser
  // completes it, links nothing there (no connect cookie of it in that browser) — the complete page says why.
  const forwarded = await api(page, 'GET', `/api/github/connect?teamId=${teamId}`);
  expect(forwarded.status).toBe(200);
  const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const victim = await elsewhere.newPage();
    await enterWorkspace(
      victim,
      { name: '다른회사', email: 'victim@momentum.test' },
      { create: 'Victim Co' },
    );
    await victim.goto(forwarded.body.result as string);
    await victim.locator('#install').click();
    await expect(victim).toHaveURL(/\/workspace\/github\/complete\?.*error=GITHUB403_0/);
    await expect(victim.getByText('GitHub 연동에 실패했습니다')).toBeVisible();
    await expect(
      victim.getByText(/연동을 시작한 브라우저에서 워크스페이스 관리자만 완료할 수 있습니다/),
    ).toBeVisible();
    // "돌아가기" leads to the victim's own workspace, not to the team of the link.
    await expect(victim).toHaveURL(/\/workspace\/github\/complete\?error=GITHUB403_0$/);
    await expect(victim.getByRole('button', { name: '돌아가기' })).toBeEnabled();
    await victim.screenshot({ path: `${shots}/integrations-github-forwarded-390.png` });
  } finally {
    await elsewhere.close();
  }
  await page.goto(list);

  // One tool linked: its logo and a '+' to add the other; Slack's authorize returns at once.
  await page.getByRole('button', { name: '외부 연동 추가' }).click();
  await page.getByRole('dialog', { name: '외부 연동' }).getByRole('radio', { name: /Slack/ }).check();
  await page
    .getByRole('dialog', { name: '외부 연동' })
    .getByRole('button', { name: '외부 연동하기' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/workspace/slack/complete\\?teamId=${teamId}$`));
  await expect(page.getByText('Slack 연동에 성공했습니다')).toBeVisible();
  await page.getByRole('button', { name: '돌아가기' }).click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await expect(page.getByRole('button', { name: '외부 연동 추가' })).toHaveCount(0);
  const links = await api(page, 'GET', `/api/teams/${teamId}/externals/links`);
  expect(links.body.result).toEqual({ linkedWithGithub: true, linkedWithSlack: true });
  await page.screenshot({ path: `${shots}/integrations-linked-list.png` });

  // Create without a tool: refused with the toast.
  await page.goto(`${list}/detail/create`);
  await page.getByRole('textbox', { name: '제목' }).fill('로그인 버그');
  await page.getByRole('button', { name: '작성 완료' }).click();
  await expect(toasts(page).getByText('반드시 외부 툴을 설정해야 합니다.')).toBeVisible();

  // GitHub: loading toast, the first repository as the target, then a real issue at the fake.
  await page.getByRole('button', { name: /^외부/ }).click();
  await expect(page.getByRole('menuitemradio')).toHaveText(['GitHub', 'Slack']);
  await page.getByRole('menuitemradio', { name: 'GitHub' }).click();
  await expect(toasts(page).getByText('GitHub 정보를 불러오는 중입니다.')).toBeVisible();
  await expect(page.getByText('이슈 생성 위치: momentum-fake-org/momentum-demo')).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-github-create.png` });
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/externals'),
  );
  await page.getByRole('button', { name: '작성 완료' }).click();
  const sent = (await created).request().postDataJSON();
  expect(sent).toMatchObject({
    extServiceType: 'GITHUB',
    owner: 'momentum-fake-org',
    repo: 'momentum-demo',
    installationId: 4242,
  });
  await expect(page).toHaveURL(new RegExp(`${list}/\\d+$`));
  await expect(toasts(page).getByText('GitHub 이슈를 만들었습니다.')).toBeVisible();
  const issue = (await fakeRecords(page)).issues.find((i) => i.title === '로그인 버그');
  expect(issue).toMatchObject({ owner: 'momentum-fake-org', repo: 'momentum-demo' });
  expect(issue!.body).toContain(`${list}/`);
  await expect(
    page.getByRole('link', { name: /^GitHub에서 보기 · momentum-fake-org\/momentum-demo#\d+$/ }),
  ).toHaveAttribute('href', issue!.htmlUrl);

  // View mode: the tool is fixed.
  await page.getByRole('button', { name: /^외부/ }).click();
  await expect(toasts(page).getByText('외부 툴은 생성 시 한 번만 설정 가능합니다.')).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-github-view.png` });

  // Slack: the message reaches the installer's channel.
  await page.goto(`${list}/detail/create`);
  await page.getByRole('textbox', { name: '제목' }).fill('배포 알림 확인');
  await page.getByRole('button', { name: /^외부/ }).click();
  await page.getByRole('menuitemradio', { name: 'Slack' }).click();
  await page.getByRole('button', { name: '작성 완료' }).click();
  await expect(page).toHaveURL(new RegExp(`${list}/\\d+$`));
  await expect(toasts(page).getByText('Slack에 알렸습니다.')).toBeVisible();
  const message = (await fakeRecords(page)).messages.find((m) => m.text.includes('배포 알림 확인'));
  expect(message?.text).toContain('Link Team에서 배포 알림 확인을(를) 생성했습니다.');

  // GitHub → Momentum: an issue opened on GitHub appears in the list; closing it there finishes it here.
  const opened = {
    installation: { id: 4242 },
    repository: { name: 'momentum-demo', owner: { login: 'momentum-fake-org' } },
    issue: {
      number: 901,
      title: '깃허브에서 연 이슈',
      body: '재현 방법\n1. 로그인',
      html_url: 'https://github.com/momentum-fake-org/momentum-demo/issues/901',
    },
  };
  await githubWebhook(page, { action: 'opened', ...opened });
  await page.goto(list);
  const row = page.getByRole('link', { name: /깃허브에서 연 이슈/ });
  await expect(row).toBeVisible();
  await githubWebhook(page, { action: 'closed', ...opened });
  await page.reload();
  await expect(page.getByRole('heading', { name: /^완료/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-webhook-list.png` });
  await row.click();
  await expect(page.getByRole('button', { name: '상태: 완료' })).toBeVisible();
  await expect(page.getByText('재현 방법')).toBeVisible();

  // Issue #23: team settings list both tools; the admin disconnects GitHub after a confirmation. Its externals
  // stay; the list header then offers '+' to link GitHub again.
  await page.goto(`/workspace/setting/team/${teamId}`);
  const integrations = page.getByRole('region', { name: '외부 연동' });
  await expect(integrations.getByText('연동됨 · momentum-fake-org 계정')).toBeVisible();
  await expect(integrations.getByText('연동됨 · 워크스페이스 전체')).toBeVisible();
  await integrations.getByRole('button', { name: 'GitHub 연동 해제' }).click();
  const confirmDisconnect = page.getByRole('dialog', { name: 'GitHub 연동을 해제할까요?' });
  await expect(confirmDisconnect.getByText(/이미 가져온 외부 이슈는 그대로 남아요/)).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-disconnect-confirm.png` });
  await confirmDisconnect.getByRole('button', { name: '해제' }).click();
  await expect(toasts(page).getByText('GitHub 연동을 해제했어요.')).toBeVisible();
  await expect(integrations.getByText('연동 안 됨')).toBeVisible();
  await expect(integrations.getByRole('button', { name: '연동하기' })).toBeVisible();
  await page.screenshot({ path: `${shots}/integrations-team-settings.png`, fullPage: true });
  const unlinked = await api(page, 'GET', `/api/teams/${teamId}/externals/links`);
  expect(unlinked.body.result).toEqual({ linkedWithGithub: false, linkedWithSlack: true });
  await page.goto(list);
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: '외부 연동 추가' })).toBeVisible();
  const audit = await api(page, 'GET', '/api/workspace/setting/audit');
  expect(JSON.stringify(audit.body.result)).toContain('integration.disconnected');

  expect(errors).toEqual([]);
});
