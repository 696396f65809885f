// The platform's own words that the server writes follow the interface language the client sends
// (Accept-Language), else the saved language cookie, else Chinese; what users wrote stays as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/api/constants.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, hasPdftotext, learnerIdOf, pdfText } from '../helpers/certificates.ts';

let ctx: TestContext;
let learnerToken: string;
let managerToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [learnerToken, managerToken] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, token: string | undefined, headers: Record<string, string> = {}) =>
  request(ctx.app, { method: 'GET', url, token, headers });
const getIn = (url: string, token: string | undefined, lang?: Language) =>
  get(url, token, lang ? { 'accept-language': lang } : {});

interface Order {
  order_no: string;
  item_type: string;
  subject: string;
}
interface Notification {
  id: number;
  kind: string;
  title: string;
  body: string;
}

const ordersIn = async (lang?: Language) =>
  ((await getIn('/api/v1/finance/pay/user/list', learnerToken, lang)).json() as { data: Order[] }).data;
const inboxIn = async (lang?: Language) =>
  ((await getIn('/api/v1/notifications?limit=100', learnerToken, lang)).json() as { data: Notification[] })
    .data;
const ticketsIn = async (lang?: Language) =>
  (
    (await getIn('/api/v0/user/occupational-skill-tests/admissionDownload', learnerToken, lang)).json() as {
      data: { id: number; pdf_url: string; rules: string[]; plan_title: string }[];
    }
  ).data;

describe('order item names', () => {
  it("name the plan in the reader's language, the plan's title as written", async () => {
    const zh = (await ordersIn()).filter((o) => o.item_type === 'enrollment');
    expect(zh.length).toBeGreaterThan(0);
    expect(zh.every((o) => o.subject.endsWith(' 报名费'))).toBe(true);
    const planTitle = zh[0]!.subject.slice(0, -' 报名费'.length);

    const en = (await ordersIn('en')).find((o) => o.order_no === zh[0]!.order_no)!;
    expect(en.subject).toBe(`Registration fee: ${planTitle}`);
    const es = (await ordersIn('es')).find((o) => o.order_no === zh[0]!.order_no)!;
    expect(es.subject).toBe(`Tasa de inscripción: ${planTitle}`);
    const ja = (await ordersIn('ja')).find((o) => o.order_no === zh[0]!.order_no)!;
    expect(ja.subject).toBe(`${planTitle} 受験料`);

    const one = await getIn(`/api/v1/orders/${zh[0]!.order_no}`, learnerToken, 'en');
    expect((one.json() as Order).subject).toBe(`Registration fee: ${planTitle}`);
    expect(one.headers.vary).toContain('Accept-Language');
  });
});

describe('notifications', () => {
  it("the platform's own messages are shown in the reader's language", async () => {
    const zh = await inboxIn();
    const payment = zh.find((n) => n.kind === 'payment')!;
    expect(payment.title).toBe('缴费成功');
    expect(payment.body).toContain('元，订单号');

    const en = (await inboxIn('en')).find((n) => n.id === payment.id)!;
    expect(en.title).toBe('Payment received');
    expect(en.body).toMatch(/^You have paid CNY \d+\.\d{2} for ".+"\. Order number \d{20}\.$/);
    expect((await inboxIn('es')).find((n) => n.id === payment.id)!.title).toBe('Pago recibido');
    expect((await inboxIn('ja')).find((n) => n.id === payment.id)!.title).toBe('お支払いが完了しました');

    // Every kind the platform writes, not only payments: each reads differently from its Chinese text
    // (plan titles inside them are users' words and stay as written).
    const english = await inboxIn('en');
    const platformWritten = english.filter((n) => ['review', 'payment', 'ticket', 'score'].includes(n.kind));
    expect(platformWritten.length).toBeGreaterThan(1);
    for (const n of platformWritten) {
      const chinese = zh.find((z) => z.id === n.id)!;
      expect(n.title).not.toBe(chinese.title);
      expect(n.body).not.toBe(chinese.body);
    }
    const ticket = english.find((n) => n.kind === 'ticket');
    if (ticket) expect(ticket.body).toMatch(/\(Level \d \/ [A-Za-z ]+\)" has been issued/);

    const opened = await getIn(`/api/v1/notifications/${payment.id}`, learnerToken, 'en');
    expect(opened.json()).toMatchObject({ id: payment.id, title: 'Payment received' });
    expect(opened.headers.vary).toContain('Accept-Language');
  });

  it('a message staff wrote is shown as written, in every language', async () => {
    const learnerId = await learnerIdOf(ctx, 'learner');
    const sent = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/notifications',
      token: managerToken,
      payload: { title: '考前提醒', body: '请携带身份证原件，提前 30 分钟到达。', learner_id: learnerId },
    });
    expect(sent.statusCode).toBe(201);
    const id = (sent.json() as { id: number }).id;
    for (const lang of ['en', 'es', 'ja', undefined] as const) {
      const item = (await inboxIn(lang)).find((n) => n.id === id)!;
      expect(item).toMatchObject({ title: '考前提醒', body: '请携带身份证原件，提前 30 分钟到达。' });
    }
  });
});

describe("the admission ticket's rules", () => {
  it("come in the reader's language on the page", async () => {
    const [zh] = await ticketsIn();
    expect(zh!.rules).toHaveLength(5);
    expect(zh!.rules[0]).toContain('准考证');
    const [en] = await ticketsIn('en');
    expect(en!.rules[0]).toMatch(/^Bring this admission ticket/);
    expect(en!.rules.join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
    expect(en!.plan_title).toBe(zh!.plan_title);
    const [es] = await ticketsIn('es');
    expect(es!.rules[1]).toContain('30 minutos');
    const [ja] = await ticketsIn('ja');
    expect(ja!.rules[0]).toContain('受験票');
  });

  it.runIf(hasPdftotext())(
    'are printed in English on the PDF asked for in English, headings too',
    async () => {
      const [ticket] = await ticketsIn();
      const pdf = await getIn(ticket!.pdf_url, learnerToken, 'en');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers.vary).toContain('Accept-Language');
      const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain('Arrive at the exam room 30 minutes before the exam starts');
      expect(text).toContain('misconduct and cheating are dealt with under the relevant regulations');
      // The ticket's own headings and labels too; the plan's title is printed as written.
      for (const words of ['Instructions for candidates', 'Exam schedule', 'Ticket number', 'Seat'])
        expect(text).toContain(words);
      expect(text).not.toContain('考生须知');
      const zh = (await pdfText((await getIn(ticket!.pdf_url, learnerToken)).rawPayload)).replace(/\s+/g, '');
      expect(zh).toContain('开考15分钟后不得入场');
      // The embedded font covers the other languages too: kana and Spanish accents come out as written.
      const ja = (await pdfText((await getIn(ticket!.pdf_url, learnerToken, 'ja')).rawPayload)).replace(
        /\s+/g,
        '',
      );
      expect(ja).toContain('本受験票と有効な身分証明書の原本を持参してください');
      const es = (await pdfText((await getIn(ticket!.pdf_url, learnerToken, 'es')).rawPayload)).replace(
        /\s+/g,
        ' ',
      );
      expect(es).toContain('para su verificación');
    },
  );
});

describe('lookup lists', () => {
  const ethnicGroups = async (headers: Record<string, string>) => {
    const res = await get('/api/v0/ethnic-groups', undefined, headers);
    return { res, names: (res.json() as { data: { id: number; name: string }[] }).data.map((g) => g.name) };
  };

  it("answer the standard entries in the reader's language, with the same ids", async () => {
    const zh = await ethnicGroups({});
    expect(zh.names.slice(0, 3)).toEqual(['汉族', '蒙古族', '回族']);
    const en = await ethnicGroups({ 'accept-language': 'en' });
    expect(en.names.slice(0, 4)).toEqual(['Han', 'Mongolian', 'Hui', 'Tibetan']);
    expect(en.names).toHaveLength(zh.names.length);
    expect(en.names.join()).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await ethnicGroups({ 'accept-language': 'es' })).names[3]).toBe('Tibetano');
    expect((await ethnicGroups({ 'accept-language': 'ja' })).names[3]).toBe('チベット族');

    const sources = await get('/api/v0/user-sources', undefined, { 'accept-language': 'en' });
    expect((sources.json() as { data: { name: string }[] }).data[0]!.name).toBe('Member of the public');
  });

  it('are cached per language: Vary names the header and each language has its own ETag', async () => {
    const zh = await ethnicGroups({});
    const en = await ethnicGroups({ 'accept-language': 'en-US,en;q=0.9' });
    expect(en.res.headers.vary).toContain('Accept-Language');
    expect(en.res.headers.etag).not.toBe(zh.res.headers.etag);
    // The Chinese copy's ETag does not make an English request answer 304.
    const crossed = await get('/api/v0/ethnic-groups', undefined, {
      'accept-language': 'en',
      'if-none-match': String(zh.res.headers.etag),
    });
    expect(crossed.statusCode).toBe(200);
  });

  it('without a supported header, follow the language cookie, else Chinese', async () => {
    expect((await ethnicGroups({ cookie: 'language=ja' })).names[0]).toBe('漢族');
    expect((await ethnicGroups({ 'accept-language': 'fr-FR', cookie: 'language=es' })).names[3]).toBe(
      'Tibetano',
    );
    expect((await ethnicGroups({ 'accept-language': 'fr-FR' })).names[0]).toBe('汉族');
  });

  it("the learner's profile names its lookup entries in the reader's language", async () => {
    const profile = async (lang?: Language) =>
      (await getIn('/api/v1/learner/info', learnerToken, lang)).json() as Json;
    const zh = await profile();
    const en = await profile('en');
    expect(zh.ethnic_group_id).toBe(en.ethnic_group_id);
    if (zh.ethnic_group_name === '汉族') expect(en.ethnic_group_name).toBe('Han');
    expect(String(en.ethnic_group_name)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
