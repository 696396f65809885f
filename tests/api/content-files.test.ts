// Content files (the download centre's and articles' attachments): Office documents, archives, text, PDF and
// images are recognised by content, the name's extension must be in the same spec §5 group, up to 20 MB;
// they are served as attachments under their original name, never sniffed by the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { DEMO_DATA_DIR, multipart, png } from '../helpers/enrollments.ts';
import { doc, docx, exe, plainZip, ppt, pptx, rar, sevenZip, xls, xlsx } from '../helpers/content-files.ts';

let ctx: TestContext;
let founder: string;
let learner: string;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: DEMO_DATA_DIR });
  founder = await login(ctx.app, 'founder', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
});
afterAll(() => ctx.close());

const upload = (token: string | undefined, fileName: string, content: Buffer, kind = 'content_file') =>
  request(ctx.app, { method: 'POST', url: '/api/v1/uploads', token, ...multipart(kind, fileName, content) });
const errorOf = (res: { json(): unknown }) =>
  ((res.json() as { errors: Record<string, string[]> }).errors.file ?? [])[0];

describe('content_file uploads', () => {
  it('accepts each document format under a matching name, with its type from the content', async () => {
    const cases: [string, Buffer, string][] = [
      ['申请表.doc', doc(), 'application/msword'],
      ['名单.xls', xls(), 'application/vnd.ms-excel'],
      ['课件.ppt', ppt(), 'application/vnd.ms-powerpoint'],
      ['申请表.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['名单.xlsx', xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['课件.pptx', pptx(), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['资料.zip', plainZip(), 'application/zip'],
      ['资料.rar', rar(), 'application/vnd.rar'],
      ['资料.7z', sevenZip(), 'application/x-7z-compressed'],
      ['说明.txt', Buffer.from('报考须知：请携带身份证。\n'), 'text/plain; charset=utf-8'],
      ['政策.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf'],
      ['图.png', png(20, 20, () => [1, 2, 3]), 'image/png'],
    ];
    for (const [name, content, mime] of cases) {
      const res = await upload(founder, name, content);
      expect(res.statusCode, name).toBe(201);
      expect(res.json<Json>(), name).toMatchObject({ kind: 'content_file', mime, original_name: name });
    }
  });

  it('refuses a name whose group disagrees with the content, and unknown content', async () => {
    const exeAsPdf = await upload(founder, 'policy.pdf', exe());
    expect(exeAsPdf.statusCode).toBe(422);
    expect(errorOf(exeAsPdf)).toContain('不是支持的格式');
    const zipAsDocx = await upload(founder, 'form.docx', plainZip());
    expect(zipAsDocx.statusCode).toBe(422);
    expect(errorOf(zipAsDocx)).toBe('文件扩展名与文件内容不一致（内容为压缩包）');
    const wordAsExcel = await upload(founder, 'form.xlsx', docx());
    expect(wordAsExcel.statusCode).toBe(422);
    expect(errorOf(wordAsExcel)).toContain('Word');
    expect((await upload(founder, 'a.txt', Buffer.from([0x41, 0x00, 0x42]))).statusCode).toBe(422);
  });

  it('keeps the other kinds to images and PDF, and content files to administrators', async () => {
    const res = await upload(learner, 'form.docx', docx(), 'diploma');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toContain('不是有效的图片或 PDF');
    expect((await upload(learner, 'form.docx', docx())).statusCode).toBe(403);
    expect((await upload(undefined, 'form.docx', docx())).statusCode).toBe(401);
  });

  it('takes up to 20 MB', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024 * 1024, 0x20)]);
    expect((await upload(founder, 'big.pdf', big)).statusCode).toBe(201);
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const refused = await upload(founder, 'huge.pdf', huge);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toContain('文件过大');
  });

  it('serves a document as an attachment under its original name, to anyone', async () => {
    const created = (await upload(founder, '报名表 (2026).docx', docx())).json<Json>();
    const res = await request(ctx.app, { method: 'GET', url: created.url as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___ (2026).docx"; filename*=UTF-8''${encodeURIComponent('报名表 ').replace(/ /g, '%20')}%282026%29.docx`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const image = (
      await upload(
        founder,
        'pic.png',
        png(10, 10, () => [0, 0, 0]),
      )
    ).json<Json>();
    const shown = await request(ctx.app, { method: 'GET', url: image.url as string });
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
  });
});
