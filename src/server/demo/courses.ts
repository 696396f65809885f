// Demo courses, built by the manager through the course service as the back office would: three published
// courses for demo occupations (one free, two paid), each with two chapters and three to five lessons on the
// demo library videos (found by title, DEMO_VIDEO_TITLES) and one PDF lesson made with pdfkit, the first
// lesson a free preview; plus one draft course. The learning demo finds the courses by title (DEMO_COURSES).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { occupations, videos } from '../db/schema/index.ts';
import { createChapter, createCourse, createLesson, publishCourse } from '../courses/service.ts';
import { renderPdf } from '../lib/pdf-document.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload } from '../uploads/service.ts';
import { adminPrincipal } from './exam-chain.ts';
import { demoBanner } from './images.ts';
import type { DEMO_VIDEO_TITLES } from './videos.ts';

export const DEMO_COURSES = {
  free: '电工安全操作入门',
  tea: '茶艺师（中级）备考精讲',
  cooking: '中式烹调师刀工与火候',
  draft: '焊工基础（筹备中）',
} as const;

type Rgb = [number, number, number];

interface LessonSpec {
  title: string;
  video?: (typeof DEMO_VIDEO_TITLES)[number];
  /** A PDF lesson: its reading time in minutes. */
  document?: { minutes: number; heading: string; lines: string[] };
  noSeekAhead?: boolean;
}

interface CourseSpec {
  title: string;
  occupation: string;
  level: number;
  category: string;
  priceFen: number;
  colors: [Rgb, Rgb];
  introduction: string;
  teachers: { name: string; title: string }[];
  chapters: { title: string; lessons: LessonSpec[] }[];
  publish: boolean;
}

const COURSES: CourseSpec[] = [
  {
    title: DEMO_COURSES.free,
    occupation: '6-31-01-03',
    level: 4,
    category: '安全生产',
    priceFen: 0,
    colors: [
      [250, 176, 5],
      [120, 70, 10],
    ],
    introduction:
      '<p>面向电工（中级）考生的<strong>安全操作</strong>入门课程：停电、验电、挂接地线的规范步骤，常见触电事故的预防与急救。</p><ul><li>适合报考前自学</li><li>全部免费</li></ul>',
    teachers: [{ name: '周建国', title: '高级技师' }],
    chapters: [
      {
        title: '第一章 安全规范',
        lessons: [
          { title: '1.1 电工安全操作规范', video: '电工安全操作规范' },
          {
            title: '1.2 安全规程要点（讲义）',
            document: {
              minutes: 5,
              heading: '电工安全规程要点',
              lines: [
                '一、停电：断开各方面电源，并有明显断开点。',
                '二、验电：使用合格的验电器，在检修设备两侧各相分别验电。',
                '三、装设接地线：先接接地端，后接导体端，拆除顺序相反。',
                '四、悬挂标示牌和装设遮栏。',
              ],
            },
          },
        ],
      },
      {
        title: '第二章 事故预防',
        lessons: [{ title: '2.1 触电急救演示', video: '电工安全操作规范', noSeekAhead: true }],
      },
    ],
    publish: true,
  },
  {
    title: DEMO_COURSES.tea,
    occupation: '4-03-02-07',
    level: 4,
    category: '茶艺',
    priceFen: 9900,
    colors: [
      [64, 160, 90],
      [20, 70, 40],
    ],
    introduction:
      '<p>系统讲解茶艺师（中级）理论与技能考核内容：<em>茶叶知识</em>、器具选用、六大茶类的冲泡要点与茶艺演示。</p>',
    teachers: [
      { name: '林雅', title: '茶艺技师' },
      { name: '陈明', title: '高级评茶员' },
    ],
    chapters: [
      {
        title: '第一章 器具与准备',
        lessons: [
          { title: '1.1 茶艺基础：器具与冲泡', video: '茶艺基础：器具与冲泡' },
          { title: '1.2 泡茶用水与水温', video: '茶艺基础：器具与冲泡', noSeekAhead: true },
        ],
      },
      {
        title: '第二章 冲泡实操',
        lessons: [
          { title: '2.1 绿茶玻璃杯冲泡', video: '茶艺基础：器具与冲泡' },
          { title: '2.2 乌龙茶盖碗冲泡', video: '茶艺基础：器具与冲泡' },
        ],
      },
    ],
    publish: true,
  },
  {
    title: DEMO_COURSES.cooking,
    occupation: '4-03-02-01',
    level: 4,
    category: '烹饪',
    priceFen: 12800,
    colors: [
      [230, 90, 60],
      [110, 30, 20],
    ],
    introduction: '<p>从握刀姿势到直刀、平刀、斜刀的基本刀法，再到火候的判断与控制。</p>',
    teachers: [{ name: '王大厨', title: '中式烹调技师' }],
    chapters: [
      {
        title: '第一章 刀工',
        lessons: [
          { title: '1.1 中式烹调：刀工入门', video: '中式烹调：刀工入门' },
          { title: '1.2 常用刀法练习', video: '中式烹调：刀工入门' },
        ],
      },
      {
        title: '第二章 火候',
        lessons: [{ title: '2.1 火候的判断', video: '中式烹调：刀工入门' }],
      },
    ],
    publish: true,
  },
  {
    title: DEMO_COURSES.draft,
    occupation: '6-18-02-04',
    level: 5,
    category: '焊接',
    priceFen: 6800,
    colors: [
      [90, 110, 140],
      [30, 40, 60],
    ],
    introduction: '<p>课程内容整理中。</p>',
    teachers: [],
    chapters: [{ title: '第一章 焊接安全', lessons: [] }],
    publish: false,
  },
];

export async function seedCourseDemo(db: Db, options: { storage: FileStorage }): Promise<void> {
  const manager = await adminPrincipal(db, 'manager');
  const library = await db.select().from(videos).orderBy(asc(videos.id));
  const videoId = (title: string) => {
    const found = library.find((v) => v.title === title);
    if (!found) throw new Error(`demo video ${title} is missing (seed the video demo first)`);
    return found.id;
  };

  for (const [index, spec] of COURSES.entries()) {
    const [occupation] = await db.select().from(occupations).where(eq(occupations.code, spec.occupation));
    if (!occupation) throw new Error(`demo occupation ${spec.occupation} is missing`);
    const cover = await saveUpload(db, options.storage, {
      owner: { adminId: manager.id },
      kind: 'cover',
      fileName: `course-cover-${index + 1}.png`,
      content: demoBanner(spec.colors[0], spec.colors[1], 640, 360),
    });
    await db.transaction(async (tx) => {
      const course = await createCourse(tx, manager, null, {
        title: spec.title,
        cover_upload_id: cover.id,
        occupation_id: occupation.id,
        level: spec.level,
        category: spec.category,
        introduction: spec.introduction,
        price_fen: spec.priceFen,
        teachers: spec.teachers,
      });
      let first = true;
      for (const chapterSpec of spec.chapters) {
        const chapter = await createChapter(tx, manager, null, course.id, { title: chapterSpec.title });
        for (const lesson of chapterSpec.lessons) {
          const common = {
            title: lesson.title,
            chapter_id: chapter.id,
            free_preview: first,
            no_seek_ahead: lesson.noSeekAhead ?? false,
          };
          first = false;
          if (lesson.document) {
            const { heading, lines, minutes } = lesson.document;
            const pdf = await renderPdf({ title: heading }, (doc) => {
              doc.fontSize(20).text(heading, { align: 'center' }).moveDown();
              doc.fontSize(12);
              for (const line of lines) doc.text(line).moveDown(0.5);
            });
            const upload = await saveUpload(tx, options.storage, {
              owner: { adminId: manager.id },
              kind: 'lesson_document',
              fileName: `${heading}.pdf`,
              content: pdf,
            });
            await createLesson(tx, manager, null, course.id, {
              ...common,
              kind: 'document',
              video_id: null,
              document_upload_id: upload.id,
              reading_minutes: minutes,
            });
          } else {
            await createLesson(tx, manager, null, course.id, {
              ...common,
              kind: 'video',
              video_id: videoId(lesson.video!),
              document_upload_id: null,
              reading_minutes: null,
            });
          }
        }
      }
      if (spec.publish) await publishCourse(tx, manager, null, course.id);
    });
  }
}
