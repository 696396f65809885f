import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseChapters,
  courseLearners,
  courseLessons,
  courses,
  learners,
  occupations,
  videos,
} from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { DEMO_COURSES } from '../../src/server/demo/courses.ts';
import { logCount } from '../helpers/certificates.ts';
import { multipart, png } from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let founder: string;
let college: string;
let learner: string;
let occupation: { id: number; levels: number[] };
let videoId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  [manager, founder, college, learner] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  const [first] = await ctx.app.db.select().from(occupations).orderBy(asc(occupations.id)).limit(1);
  occupation = { id: first!.id, levels: first!.levels };
  // A library video (the file itself is not needed here: a preview only grants a link).
  const [video] = await ctx.app.db
    .insert(videos)
    .values({
      title: '课程测试视频',
      storageKey: `test-course-${Date.now()}.mp4`,
      size: 1000,
      mime: 'video/mp4',
      durationSeconds: 40.4,
      width: 480,
      height: 270,
      videoCodec: 'h264',
    })
    .returning();
  videoId = video!.id;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

const courseBody = (overrides: Json = {}): Json => ({
  title: '茶艺基础',
  occupation_id: occupation.id,
  level: occupation.levels[0],
  category: '茶艺',
  introduction: '<p>学习<strong>茶艺</strong></p>',
  price_fen: 9900,
  teachers: [{ name: '王老师', title: '高级技师' }],
  ...overrides,
});

async function newCourse(overrides: Json = {}) {
  const res = await call('POST', '/api/v1/admin/courses', manager, courseBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; state: string };
}

async function newChapter(courseId: number, title: string) {
  const res = await call('POST', `/api/v1/admin/courses/${courseId}/chapters`, manager, { title });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function newVideoLesson(courseId: number, chapterId: number, title: string, extra: Json = {}) {
  const res = await call('POST', `/api/v1/admin/courses/${courseId}/lessons`, manager, {
    title,
    chapter_id: chapterId,
    kind: 'video',
    video_id: videoId,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; duration_seconds: number; sort: number };
}

describe('courses', () => {
  it('creates, edits, lists and filters a course, each write logged', async () => {
    const course = await newCourse({ title: '列表测试课程', category: '列表分类' });
    expect(course).toMatchObject({
      state: 'draft',
      price_fen: 9900,
      free: false,
      lesson_count: 0,
      occupation_id: occupation.id,
      teachers: [{ name: '王老师', title: '高级技师' }],
    });
    expect(await logCount(ctx, 'course.create', course.id)).toBe(1);

    const edited = await call(
      'PUT',
      `/api/v1/admin/courses/${course.id}`,
      manager,
      courseBody({ title: '列表测试课程', category: '列表分类', price_fen: 0 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price_fen: 0, free: true });
    expect(await logCount(ctx, 'course.update', course.id)).toBe(1);

    const listed = await call('GET', '/api/v1/admin/courses?keyword=列表测试&price=free', manager);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: { id: number }[] }).data.map((c) => c.id)).toEqual([course.id]);
    const paid = await call('GET', '/api/v1/admin/courses?keyword=列表测试&price=paid', manager);
    expect((paid.json() as { meta: { total: number } }).meta.total).toBe(0);
    const categories = await call('GET', '/api/v1/admin/courses/categories', manager);
    expect((categories.json() as { data: string[] }).data).toContain('列表分类');
  });

  it('sanitises the introduction: scripts and event handlers are stripped', async () => {
    const course = await newCourse({
      introduction: '<p onclick="steal()">好课<script>alert(1)</script></p><img src="x" onerror="alert(2)">',
    });
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.introduction).toBe('<p>好课</p>');
  });

  it('refuses a level the occupation does not offer and bad input, writing nothing', async () => {
    const [offered] = await ctx.app.db.select().from(occupations).where(eq(occupations.id, occupation.id));
    const missing = [1, 2, 3, 4, 5].find((l) => !offered!.levels.includes(l));
    const course = await newCourse();
    const calls = [
      { body: courseBody({ title: '' }), fields: ['title'] },
      { body: courseBody({ title: 'x'.repeat(1_000_000) }), fields: ['title'] },
      { body: courseBody({ price_fen: -1 }), fields: ['price_fen'] },
      { body: courseBody({ price_fen: 1.5 }), fields: ['price_fen'] },
      { body: courseBody({ occupation_id: 2_147_483_648 }), fields: ['occupation_id'] },
      { body: courseBody({ occupation_id: 999_999 }), fields: ['occupation_id'] },
      { body: courseBody({ level: null }), fields: ['level'] },
      { body: courseBody({ occupation_id: null, level: 3 }), fields: ['occupation_id'] },
      { body: courseBody({ teachers: [{ name: '', title: '' }] }), fields: ['teachers.0.name'] },
      { body: courseBody({ cover_upload_id: 'not-a-uuid' }), fields: ['cover_upload_id'] },
      {
        body: courseBody({ cover_upload_id: '00000000-0000-4000-8000-000000000000' }),
        fields: ['cover_upload_id'],
      },
      ...(missing === undefined ? [] : [{ body: courseBody({ level: missing }), fields: ['level'] }]),
    ];
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [courses],
      calls: calls.flatMap(({ body, fields }) => [
        { method: 'POST' as const, url: '/api/v1/admin/courses', token: manager, payload: body, fields },
        {
          method: 'PUT' as const,
          url: `/api/v1/admin/courses/${course.id}`,
          token: manager,
          payload: body,
          fields,
        },
      ]),
    });
  });

  it('publishes only with a lesson; unpublishes; keeps the last lesson of a published course', async () => {
    const course = await newCourse({ title: '发布测试' });
    const empty = await call('POST', `/api/v1/admin/courses/${course.id}/publish`, manager);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ message: expect.stringContaining('课时') });

    const chapter = await newChapter(course.id, '第一章');
    const lesson = await newVideoLesson(course.id, chapter, '第一课');
    expect(lesson.duration_seconds).toBe(40);

    const published = await call('POST', `/api/v1/admin/courses/${course.id}/publish`, manager);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ state: 'published', lesson_count: 1, duration_seconds: 40 });
    expect(await logCount(ctx, 'course.publish', course.id)).toBe(1);
    expect((await call('POST', `/api/v1/admin/courses/${course.id}/publish`, manager)).statusCode).toBe(409);

    const lastLesson = await call('DELETE', `/api/v1/admin/lessons/${lesson.id}`, manager);
    expect(lastLesson.statusCode).toBe(409);
    const deleteCourse = await call('DELETE', `/api/v1/admin/courses/${course.id}`, manager);
    expect(deleteCourse.statusCode).toBe(409);

    const unpublished = await call('POST', `/api/v1/admin/courses/${course.id}/unpublish`, manager);
    expect(unpublished.json()).toMatchObject({ state: 'unpublished' });
    expect((await call('DELETE', `/api/v1/admin/lessons/${lesson.id}`, manager)).statusCode).toBe(204);
    expect(await logCount(ctx, 'lesson.delete', lesson.id)).toBe(1);
  });

  it('a publish racing the deletion of the last lesson never leaves a published course without lessons', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await newCourse({ title: `竞争发布 ${round}` });
      const chapter = await newChapter(course.id, '章');
      const lesson = await newVideoLesson(course.id, chapter, '唯一课时');
      await Promise.all([
        call('POST', `/api/v1/admin/courses/${course.id}/publish`, manager),
        call('DELETE', `/api/v1/admin/lessons/${lesson.id}`, manager),
      ]);
      const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, course.id));
      const left = await ctx.app.db.select().from(courseLessons).where(eq(courseLessons.courseId, course.id));
      if (row!.state === 'published') expect(left.length).toBe(1);
    }
  });

  it('deletes only a course nobody has joined or ordered', async () => {
    const joined = await newCourse({ title: '已有学员' });
    const [demoLearner] = await ctx.app.db
      .select({ id: learners.id })
      .from(learners)
      .where(eq(learners.username, 'learner'));
    await ctx.app.db
      .insert(courseLearners)
      .values({ courseId: joined.id, learnerId: demoLearner!.id, source: 'free' });
    const refused = await call('DELETE', `/api/v1/admin/courses/${joined.id}`, manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('学员') });

    const draft = await newCourse({ title: '可删除' });
    const chapter = await newChapter(draft.id, '章');
    await newVideoLesson(draft.id, chapter, '课');
    expect((await call('DELETE', `/api/v1/admin/courses/${draft.id}`, manager)).statusCode).toBe(204);
    expect(await logCount(ctx, 'course.delete', draft.id)).toBe(1);
    expect(
      await ctx.app.db.select().from(courseChapters).where(eq(courseChapters.courseId, draft.id)),
    ).toEqual([]);
    expect((await call('GET', `/api/v1/admin/courses/${draft.id}`, manager)).statusCode).toBe(404);
  });
});

describe('chapters and lessons', () => {
  it('adds, renames, reorders and deletes chapters (only empty ones)', async () => {
    const course = await newCourse({ title: '章节测试' });
    const a = await newChapter(course.id, '甲');
    const b = await newChapter(course.id, '乙');
    const c = await newChapter(course.id, '丙');
    const renamed = await call('PUT', `/api/v1/admin/chapters/${b}`, manager, { title: '乙（改）' });
    expect(renamed.json()).toMatchObject({ title: '乙（改）' });
    expect(await logCount(ctx, 'chapter.rename', b)).toBe(1);

    const ordered = await call('PUT', `/api/v1/admin/courses/${course.id}/chapters/order`, manager, {
      ids: [c, a, b],
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((ordered.json() as { data: { id: number }[] }).data.map((x) => x.id)).toEqual([c, a, b]);
    expect(await logCount(ctx, 'chapter.order', course.id)).toBe(1);

    const other = await newCourse({ title: '别的课程' });
    const foreign = await newChapter(other.id, '外章');
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [courseChapters],
      calls: [
        { ids: [c, a] },
        { ids: [c, a, b, b] },
        { ids: [c, a, foreign] },
        { ids: [c, a, b, foreign] },
        { ids: 'c,a,b' },
        {},
      ].map((payload) => ({
        method: 'PUT' as const,
        url: `/api/v1/admin/courses/${course.id}/chapters/order`,
        token: manager,
        payload,
        fields: ['ids'],
      })),
    });

    await newVideoLesson(course.id, a, '课');
    const notEmpty = await call('DELETE', `/api/v1/admin/chapters/${a}`, manager);
    expect(notEmpty.statusCode).toBe(409);
    expect((await call('DELETE', `/api/v1/admin/chapters/${c}`, manager)).statusCode).toBe(204);
    expect(await logCount(ctx, 'chapter.delete', c)).toBe(1);
  });

  it('two concurrent reorders both apply in turn; a reorder racing an add is refused, not half-applied', async () => {
    const course = await newCourse({ title: '并发排序' });
    const ids = [
      await newChapter(course.id, '一'),
      await newChapter(course.id, '二'),
      await newChapter(course.id, '三'),
    ];
    const orders = [
      [ids[2]!, ids[1]!, ids[0]!],
      [ids[1]!, ids[0]!, ids[2]!],
    ];
    const answers = await Promise.all(
      orders.map((order) =>
        call('PUT', `/api/v1/admin/courses/${course.id}/chapters/order`, manager, { ids: order }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await ctx.app.db
      .select({ id: courseChapters.id })
      .from(courseChapters)
      .where(eq(courseChapters.courseId, course.id))
      .orderBy(asc(courseChapters.sort));
    expect(orders).toContainEqual(rows.map((r) => r.id));

    const [added, reordered] = await Promise.all([
      call('POST', `/api/v1/admin/courses/${course.id}/chapters`, manager, { title: '四' }),
      call('PUT', `/api/v1/admin/courses/${course.id}/chapters/order`, manager, { ids: orders[0] }),
    ]);
    expect(added.statusCode).toBe(201);
    expect([200, 422]).toContain(reordered.statusCode);
    const sorts = await ctx.app.db
      .select({ sort: courseChapters.sort })
      .from(courseChapters)
      .where(eq(courseChapters.courseId, course.id));
    expect(new Set(sorts.map((s) => s.sort)).size).toBe(4);
  });

  it('creates video and document lessons, reorders within a chapter, moves one to another chapter', async () => {
    const course = await newCourse({ title: '课时测试' });
    const one = await newChapter(course.id, '一');
    const two = await newChapter(course.id, '二');
    const x = await newVideoLesson(course.id, one, 'X', { free_preview: true, no_seek_ahead: true });
    const y = await newVideoLesson(course.id, one, 'Y');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const uploaded = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: manager,
      ...multipart('lesson_document', 'handout.pdf', pdf, 'application/pdf'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = (uploaded.json() as { id: string }).id;
    const doc = await call('POST', `/api/v1/admin/courses/${course.id}/lessons`, manager, {
      title: '讲义',
      chapter_id: one,
      kind: 'document',
      document_upload_id: documentId,
      reading_minutes: 5,
    });
    expect(doc.statusCode, doc.body).toBe(201);
    const z = doc.json() as { id: number };
    expect(doc.json()).toMatchObject({
      kind: 'document',
      duration_seconds: 300,
      document_name: 'handout.pdf',
    });
    expect(await logCount(ctx, 'lesson.create', z.id)).toBe(1);

    const ordered = await call('PUT', `/api/v1/admin/chapters/${one}/lessons/order`, manager, {
      ids: [z.id, x.id, y.id],
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((ordered.json() as { data: { id: number }[] }).data.map((l) => l.id)).toEqual([z.id, x.id, y.id]);
    const wrong = await call('PUT', `/api/v1/admin/chapters/${one}/lessons/order`, manager, {
      ids: [x.id, y.id],
    });
    expect(wrong.statusCode).toBe(422);

    const moved = await call('PUT', `/api/v1/admin/lessons/${y.id}`, manager, {
      title: 'Y',
      chapter_id: two,
      kind: 'video',
      video_id: videoId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ chapter_id: two, chapter_title: '二' });
    const listed = await call('GET', `/api/v1/admin/courses/${course.id}/lessons`, manager);
    expect((listed.json() as { data: { id: number }[] }).data.map((l) => l.id)).toEqual([z.id, x.id, y.id]);

    const preview = await call('POST', `/api/v1/admin/lessons/${z.id}/preview`, manager);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      kind: 'document',
      url: expect.stringMatching(/^\/api\/v1\/media\//),
    });
  });

  it('refuses bad lessons with field paths and writes nothing', async () => {
    const course = await newCourse({ title: '课时校验' });
    const chapter = await newChapter(course.id, '章');
    const other = await newCourse({ title: '课时校验（别的）' });
    const foreign = await newChapter(other.id, '外章');
    const image = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: manager,
      ...multipart(
        'cover',
        'cover.png',
        png(40, 30, () => [1, 2, 3]),
      ),
    });
    const imageId = (image.json() as { id: string }).id;
    const base = { title: '课', chapter_id: chapter, kind: 'video', video_id: videoId };
    const bad: [Json, string][] = [
      [{ ...base, title: '' }, 'title'],
      [{ ...base, kind: 'audio' }, 'kind'],
      [{ ...base, video_id: null }, 'video_id'],
      [{ ...base, video_id: 999_999 }, 'video_id'],
      [{ ...base, chapter_id: foreign }, 'chapter_id'],
      [{ ...base, chapter_id: 'abc' }, 'chapter_id'],
      [{ ...base, kind: 'document', video_id: null }, 'document_upload_id'],
      [{ ...base, kind: 'document', document_upload_id: imageId, reading_minutes: 3 }, 'document_upload_id'],
      [{ ...base, kind: 'document', document_upload_id: imageId, reading_minutes: 0 }, 'reading_minutes'],
      [{ ...base, free_preview: 'yes' }, 'free_preview'],
    ];
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [courseLessons],
      calls: bad.map(([payload, field]) => ({
        method: 'POST' as const,
        url: `/api/v1/admin/courses/${course.id}/lessons`,
        token: manager,
        payload,
        fields: [field],
      })),
    });
  });
});

describe('demo courses', () => {
  it('three published courses (one free) with lessons on the library videos, a PDF lesson, and a draft', async () => {
    const listed = await call('GET', '/api/v1/admin/courses?limit=50', manager);
    const all = (listed.json() as { data: { title: string; state: string; price_fen: number; id: number }[] })
      .data;
    const demo = all.filter((c) => Object.values(DEMO_COURSES).includes(c.title as never));
    expect(demo.filter((c) => c.state === 'published')).toHaveLength(3);
    expect(demo.filter((c) => c.state === 'draft')).toHaveLength(1);
    expect(demo.filter((c) => c.state === 'published' && c.price_fen === 0)).toHaveLength(1);
    const free = demo.find((c) => c.title === DEMO_COURSES.free)!;
    const lessons = (
      (await call('GET', `/api/v1/admin/courses/${free.id}/lessons`, manager)).json() as {
        data: { kind: string; free_preview: boolean; duration_seconds: number }[];
      }
    ).data;
    expect(lessons[0]).toMatchObject({ kind: 'video', free_preview: true, duration_seconds: 40 });
    expect(lessons.map((l) => l.kind)).toContain('document');
  });
});

describe('access', () => {
  it('learners, colleges, founders (the pages are for managers) and anonymous callers are refused', async () => {
    const course = await newCourse({ title: '权限测试' });
    const chapter = await newChapter(course.id, '章');
    const calls: [string, string, Json?][] = [
      ['GET', '/api/v1/admin/courses'],
      ['POST', '/api/v1/admin/courses', courseBody()],
      ['GET', `/api/v1/admin/courses/${course.id}/chapters`],
      ['POST', `/api/v1/admin/courses/${course.id}/chapters`, { title: '新章' }],
      ['PUT', `/api/v1/admin/courses/${course.id}/chapters/order`, { ids: [chapter] }],
      ['POST', `/api/v1/admin/courses/${course.id}/publish`],
      ['DELETE', `/api/v1/admin/courses/${course.id}`],
    ];
    for (const [method, url, payload] of calls) {
      for (const token of [learner, college, founder]) {
        const res = await request(ctx.app, {
          method: method as 'GET',
          url,
          token,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anonymous = await request(ctx.app, {
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.state).toBe('draft');
  });
});
