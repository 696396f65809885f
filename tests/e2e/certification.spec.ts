// The learner's side of the certification chain (issue 6) against the built app and the demo data: the
// admission ticket (PDF download with extractable Chinese text, viewable offline once seen), published
// scores with the certificate, notifications, and the public QR verification page.
import type { Locator } from '@playwright/test';
import { apiLogin, bearer, expect, loginWithToken, test, waitForWorker } from './fixtures/index.ts';
import { pdfTextOf } from './fixtures/certification.ts';

// One learner's data throughout (notifications are marked read): one test at a time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

interface TicketAnswer {
  data: { ticket_no: string; name: string; plan_title: string; issued_at: string }[];
}
interface ScoreAnswer {
  data: {
    plan_code: string;
    passed: boolean;
    theory: number | null;
    certificate: { number: string; verify_path: string } | null;
  }[];
}

test('the learner views the admission ticket, downloads its PDF and still sees it offline, marked offline', async ({
  page,
  context,
  request,
}, testInfo) => {
  const token = await apiLogin(request, 'learner');
  const tickets = (await (
    await request.get('/api/v0/user/occupational-skill-tests/admissionDownload', { headers: bearer(token) })
  ).json()) as TicketAnswer;
  const ticket = tickets.data[0];
  expect(ticket, 'the demo learner holds a ticket').toBeTruthy();

  await loginWithToken(page, 'learner', '/userCenter/admissionDown');
  const card = page.locator(`[data-testid="ticket-card"][data-ticket-no="${ticket!.ticket_no}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('ticket-name')).toHaveText(ticket!.name);
  // The ID number is masked on screen.
  await expect(card.getByTestId('ticket-id-number')).toContainText('*');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('ticket-download').click(),
  ]);
  const file = testInfo.outputPath('ticket.pdf');
  await download.saveAs(file);
  const text = await pdfTextOf(file);
  expect(text).toContain(ticket!.name);
  expect(text).toContain(ticket!.ticket_no);

  // Once the service worker controls the page, the ticket page opens offline from the device.
  await waitForWorker(page);
  await page.reload();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('ticket-name')).toHaveText(ticket!.name);
    const badge = page.getByTestId('stale-badge');
    await expect(badge).toHaveAttribute('data-state', 'offline');
    await expect(badge).toContainText(/离线数据|Offline data/);
  } finally {
    await context.setOffline(false);
  }
});

test.describe('on a device set to another time zone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the learner’s next exam and the ticket show China time, as printed', async ({ page, request }) => {
    const token = await apiLogin(request, 'learner');
    const summary = (await (
      await request.get('/api/v1/learner/summary', { headers: bearer(token) })
    ).json()) as {
      next_exam: { starts_at: string } | null;
    };
    expect(summary.next_exam, 'the demo learner has an exam ahead').toBeTruthy();
    const chinaText = (iso: string) => {
      const wall = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
      return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
    };
    const chinaTime = chinaText(summary.next_exam!.starts_at);

    await loginWithToken(page, 'learner', '/userCenter');
    await expect(page.getByTestId('next-exam')).toContainText(chinaTime, { timeout: 30_000 });
    // The device's own clock would say otherwise (Los Angeles is 15 or 16 hours behind).
    const deviceTime = await page.evaluate((iso) => {
      const d = new Date(iso);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, summary.next_exam!.starts_at);
    expect(deviceTime).not.toBe(chinaTime);

    const tickets = (await (
      await request.get('/api/v0/user/occupational-skill-tests/admissionDownload', { headers: bearer(token) })
    ).json()) as TicketAnswer;
    const ticket = tickets.data[0]!;
    await page.goto('/userCenter/admissionDown');
    const card = page.locator(`[data-testid="ticket-card"][data-ticket-no="${ticket.ticket_no}"]`);
    await expect(card).toContainText(chinaText(ticket.issued_at), { timeout: 30_000 });
  });
});

test('the learner sees published scores and the certificate, and its QR verification page confirms it', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const token = await apiLogin(request, 'learner');
  const scores = (await (
    await request.get('/api/v0/user/occupational-skill-tests/examScores', { headers: bearer(token) })
  ).json()) as ScoreAnswer;
  const certified = scores.data.find((s) => s.certificate !== null);
  expect(certified, 'the demo learner holds a certificate').toBeTruthy();
  const certificate = certified!.certificate!;

  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await loginWithToken(page, 'learner', '/userCenter/achievementQuery');
  const card = page.locator(`[data-testid="score-card"][data-plan-code="${certified!.plan_code}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  // The page came with the learner's user info and first page of scores (issue 4): neither was asked for.
  expect(asked).toContain('/userCenter/achievementQuery');
  expect(asked).not.toContain('/api/v0/user/occupational-skill-tests/examScores');
  expect(asked).not.toContain('/api/v1/user/info');
  await expect(card.getByTestId('score-result')).toHaveAttribute('data-result', 'passed');
  await expect(card.getByTestId('score-theory')).toHaveText(String(certified!.theory));
  await expect(card.getByTestId('certificate-number')).toHaveText(certificate.number);

  // The QR code's page is public: a fresh context without any session.
  const anonymous = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto(certificate.verify_path);
    const result = visitor.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-state', 'valid', { timeout: 30_000 });
    await expect(visitor.getByTestId('verify-number')).toHaveText(certificate.number);
    // The holder's name is masked.
    await expect(visitor.getByTestId('verify-name')).toContainText('*');

    await visitor.goto('/verify/certificate/no-such-token');
    await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-state', 'not_found', {
      timeout: 30_000,
    });
  } finally {
    await anonymous.close();
  }
});

test('the scores page shows the learner’s scores with the HTML, where the page then draws them', async ({
  page,
}) => {
  // Every largest-paint candidate of a load: 'painted' for an element of the HTML's paint, else its class.
  await page.addInitScript(() => {
    const w = window as unknown as { largestPaints: string[] };
    w.largestPaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        w.largestPaints.push(
          entry.element?.closest('[data-first-paint]') ? 'painted' : (entry.element?.className ?? ''),
        );
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // Each card's title is its first paragraph.
  const cardTitles = (cards: Locator) => cards.locator('xpath=(.//p)[1]');
  const titleBoxes = (titles: Locator) =>
    titles.evaluateAll((els) =>
      els.map((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return { text: el.textContent, x, y, width, height };
      }),
    );
  // A phone first, then the web layout (side nav, two cards a row).
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    // No script at all: what the HTML itself shows (issue 4: first paint on weak networks).
    await page.route('**/assets/*.js', (route) => route.abort());
    await loginWithToken(page, 'learner', '/userCenter/achievementQuery');
    await expect(page.getByRole('heading', { name: '成绩查询' })).toBeVisible();
    const paintedCards = page.locator('[data-first-paint]').getByTestId('score-card');
    await expect(paintedCards.first()).toBeVisible();
    const painted = await titleBoxes(cardTitles(paintedCards));
    await page.unroute('**/assets/*.js');

    // With the scripts: the page draws each card where the HTML had it, and its render makes no larger
    // paint than the HTML's (the largest paint stays the painted title).
    await page.reload();
    const cards = page.getByTestId('score-card');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
    const drawn = await titleBoxes(cardTitles(cards));
    expect(painted.length).toBe(await cards.count());
    for (const [index, box] of painted.entries()) {
      expect(drawn[index]!.text).toBe(box.text);
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(
          Math.abs(drawn[index]![side] - box[side]),
          `${side} of card ${index} at ${viewport.width}px`,
        ).toBeLessThan(1);
    }
    const largest = await page.evaluate(
      () => (window as unknown as { largestPaints: string[] }).largestPaints,
    );
    expect(largest.at(-1)).toBe('painted');

    // The result reads at 4.5:1 at least on its badge.
    const contrast = await page
      .getByTestId('score-result')
      .first()
      .evaluate((badge) => {
        const channels = (css: string) => {
          const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(css);
          if (srgb) return srgb.slice(1, 4).map(Number);
          return (/rgba?\((\d+), (\d+), (\d+)/.exec(css) ?? []).slice(1, 4).map((v) => Number(v) / 255);
        };
        const luminance = (css: string) => {
          const [r = 0, g = 0, b = 0] = channels(css).map((c) =>
            c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
          );
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const style = getComputedStyle(badge);
        const [light, dark] = [luminance(style.backgroundColor), luminance(style.color)].sort(
          (a, b) => b - a,
        );
        return (light! + 0.05) / (dark! + 0.05);
      });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
  }
});

test('the learner reads notifications: unread marked, opening one marks it read, mark all read; the bell follows', async ({
  page,
  request,
}) => {
  // A staff broadcast: every learner gets one more unread message.
  const managerToken = await apiLogin(request, 'manager', 'administrators');
  const title = `考前提醒 ${Date.now() % 100000}`;
  const sent = await request.post('/api/v1/admin/notifications', {
    headers: bearer(managerToken),
    data: { title, body: '请提前 30 分钟到达考场。' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await loginWithToken(page, 'learner', '/userCenter/myNotify');
  await expect(page.getByTestId('unread-badge')).toBeVisible({ timeout: 30_000 });
  const items = page.getByTestId('notify-item');
  const message = items.filter({ hasText: title });
  await expect(message).toHaveAttribute('data-read', '0', { timeout: 30_000 });
  await expect(message.getByTestId('notify-unread')).toBeVisible();

  await message.click();
  await expect(page).toHaveURL(/\/userCenter\/myNotifyInfo\?id=\d+/);
  await expect(page.getByTestId('notify-title')).toHaveText(title);
  await expect(page.getByTestId('notify-body')).toHaveText('请提前 30 分钟到达考场。');
  await page.goBack();
  await expect(message).toHaveAttribute('data-read', '1');

  await page.getByTestId('notify-mark-all').click();
  await expect(page.locator('[data-testid="notify-item"][data-read="0"]')).toHaveCount(0);
  await expect(page.getByTestId('notify-unread')).toHaveCount(0);
  // The header's bell follows at once, with no reload.
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.reload();
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  // A message sent while the learner's network is gone shows on the bell when it comes back.
  await page.context().setOffline(true);
  const later = await request.post('/api/v1/admin/notifications', {
    headers: bearer(managerToken),
    data: { title: `${title}（补充）`, body: '请携带身份证原件。' },
  });
  expect(later.status(), await later.text()).toBe(201);
  await page.context().setOffline(false);
  await expect(page.getByTestId('unread-badge')).toBeVisible({ timeout: 30_000 });
});

test('the manager adds an exam room (validated), then deletes it after confirming', async ({ page }) => {
  await loginWithToken(page, 'manager', '/manage/examinationAffairsManage/room/index');
  await expect(page.getByTestId('rooms-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('room-add').click();
  await page.getByTestId('room-save').click();
  await expect(page.getByText('请选择考点')).toBeVisible();
  await page.getByTestId('room-site').click();
  await page.getByRole('option').first().click();
  const name = `E2E考场${Date.now() % 100000}`;
  await page.getByTestId('room-name').fill(name);
  await page.getByTestId('room-save').click();
  await page.getByPlaceholder('搜索名称').fill(name);
  const table = page.getByTestId('rooms-table');
  await expect(table).toContainText(name);
  await page.getByTestId('room-delete').first().click();
  await expect(page.getByRole('dialog')).toContainText(name);
  await page.getByTestId('confirm-delete').click();
  await expect(table).not.toContainText(name);
});

test('the manager finds a certificate and revokes it with a reason; its verification page then says revoked', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'manager', 'administrators');
  const list = (await (
    await request.get('/api/v1/admin/certificates?state=valid&limit=50', { headers: bearer(token) })
  ).json()) as {
    data: { number: string; verify_path: string; holder_name: string; plan_code: string }[];
  };
  // Someone other than the demo learners, so the learner tests keep their valid certificate; and from a
  // demo plan, never from a plan another spec is walking through the chain at the same time.
  const own = new Set<string>();
  const demoPlans = new Set<string>();
  for (const learner of ['learner', 'learner2']) {
    const learnerToken = await apiLogin(request, learner);
    const scores = (await (
      await request.get('/api/v0/user/occupational-skill-tests/examScores', { headers: bearer(learnerToken) })
    ).json()) as ScoreAnswer;
    for (const s of scores.data) {
      if (!s.certificate) continue;
      own.add(s.certificate.number);
      demoPlans.add(s.plan_code);
    }
  }
  const target = list.data.find((c) => !own.has(c.number) && demoPlans.has(c.plan_code));
  expect(target, 'the demo data has issued certificates').toBeTruthy();

  await loginWithToken(page, 'manager', '/manage/dataStatisticsManage/certificate');
  await expect(page.getByTestId('certificates-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('certificate-search').fill(target!.number);
  const table = page.getByTestId('certificates-table');
  await expect(table.getByText(target!.number)).toBeVisible();
  await expect(table.getByTestId('certificate-revoke')).toHaveCount(1);
  await table.getByTestId('certificate-revoke').click();
  await page.getByTestId('revoke-submit').click();
  await expect(page.getByText('撤销原因至少 2 个字符')).toBeVisible();
  await page.getByTestId('revoke-reason').fill('证书信息有误，予以撤销');
  await page.getByTestId('revoke-submit').click();
  await expect(table.getByTestId('certificate-state')).toHaveAttribute('data-state', 'revoked');

  await page.goto(target!.verify_path);
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-state', 'revoked', {
    timeout: 30_000,
  });
});
