// Demo news, notices and jobs, written by the founder through the articles service as the information page
// would (so every body goes through the article sanitiser): categories for each kind, seven news items (one
// pinned, one with a table and an uploaded image), three notices (one with a form attached) and four jobs,
// one asking for the occupation and level of the demo learner's certificate so the learner can apply.
// Published at staggered times over the last weeks; one news item is scheduled for tomorrow.
import { asc, eq } from 'drizzle-orm';
import { articleInputSchema, type ArticleInput } from '../../shared/articles/schema.ts';
import type { Db } from '../db/client.ts';
import { articles, certificates, examPlans, learners, occupations } from '../db/schema/index.ts';
import { createArticle, pinArticle, publishArticle } from '../articles/service.ts';
import { createCategory } from '../content-categories/service.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload, uploadUrl } from '../uploads/service.ts';
import { adminPrincipal } from './exam-chain.ts';
import { demoBanner } from './images.ts';

const DAY = 86_400_000;

type Rgb = [number, number, number];

interface DemoArticle {
  input: Omit<ArticleInput, 'category_id'> & { category?: string };
  /** Days ago it was published; negative: scheduled for later; null: a draft. */
  publishedDaysAgo: number | null;
  pinned?: boolean;
  cover?: [Rgb, Rgb];
  /** Puts an uploaded image into the body where `{{IMAGE}}` stands. */
  image?: [Rgb, Rgb];
  attachment?: string;
}

const CATEGORIES = {
  news: ['学院动态', '行业资讯', '政策解读'],
  notice: ['考试通知', '培训通知'],
  job: ['制造业', '服务业'],
} as const;

const NEWS: DemoArticle[] = [
  {
    input: {
      kind: 'news',
      category: '学院动态',
      title: '2026 年职业技能等级认定工作全面启动',
      summary: '今年全年计划开展 12 个职业（工种）的等级认定，首批考试安排于下月进行。',
      body: '<h2>总体安排</h2><p>根据省人社厅年度工作部署，学院 2026 年职业技能等级认定工作<strong>全面启动</strong>，全年计划开展电工、茶艺师、中式烹调师等 12 个职业（工种）的认定。</p><h3>各季度计划</h3><table><tbody><tr><th>季度</th><th>职业（工种）</th><th>等级</th></tr><tr><td>第一季度</td><td>电工、茶艺师</td><td>五级至三级</td></tr><tr><td>第二季度</td><td>中式烹调师、育婴员</td><td>五级至四级</td></tr><tr><td>第三季度</td><td>焊工、保育师</td><td>五级至三级</td></tr><tr><td>第四季度</td><td>补考及新增工种</td><td>按报名情况</td></tr></tbody></table><p>考生可在门户首页“技能考试”栏目查看各批次的报名时间。</p><p><img src="{{IMAGE}}" alt="认定工作启动会" /></p>',
    },
    publishedDaysAgo: 2,
    pinned: true,
    cover: [
      [34, 139, 230],
      [12, 60, 120],
    ],
    image: [
      [64, 192, 87],
      [20, 90, 40],
    ],
  },
  {
    input: {
      kind: 'news',
      category: '学院动态',
      title: '茶艺师（中级）培训班顺利结业',
      summary: '42 名学员完成 96 课时的理论与实操学习，结业考核通过率 95%。',
      body: '<p>为期六周的茶艺师（中级）培训班日前顺利结业。培训围绕<em>茶叶识别</em>、<em>冲泡技艺</em>与<em>茶事服务</em>三个模块展开。</p><blockquote><p>“实操课让我对投茶量和水温有了全新的认识。”——学员代表王女士</p></blockquote><ul><li>理论课时：40</li><li>实操课时：56</li></ul>',
    },
    publishedDaysAgo: 6,
    cover: [
      [120, 170, 80],
      [40, 80, 30],
    ],
  },
  {
    input: {
      kind: 'news',
      category: '行业资讯',
      title: '长三角地区技能人才需求持续旺盛',
      summary: '电工、焊工等岗位持证人才缺口明显，高级工以上证书更受企业青睐。',
      body: '<p>近日发布的区域人才市场报告显示，长三角地区制造业对持证技能人才的需求同比增长 18%。其中<strong>电工</strong>、<strong>焊工</strong>岗位的缺口最为明显。</p><p>详细报告可在<a href="https://www.mohrss.gov.cn/">人力资源和社会保障部网站</a>查阅。</p>',
    },
    publishedDaysAgo: 9,
  },
  {
    input: {
      kind: 'news',
      category: '政策解读',
      title: '一图读懂职业技能等级证书查询与核验',
      summary: '证书编号、二维码、电子证书三种方式均可核验，用人单位可随时查询。',
      body: '<h2>三种核验方式</h2><ol><li>在门户“证书查询”输入证书编号与姓名；</li><li>扫描证书上的二维码；</li><li>下载电子证书后核对编号。</li></ol><p>更多问题请见<a href="/news">信息公开</a>栏目。</p>',
    },
    publishedDaysAgo: 13,
  },
  {
    input: {
      kind: 'news',
      category: '学院动态',
      title: '学院与三家企业签订校企合作协议',
      summary: '合作企业将为持证学员提供实习与就业岗位。',
      body: '<p>学院与苏州、无锡三家制造企业签订校企合作协议，围绕<u>订单式培养</u>、<u>岗位实习</u>和<u>持证上岗</u>开展合作。</p>',
    },
    publishedDaysAgo: 20,
  },
  {
    input: {
      kind: 'news',
      category: '行业资讯',
      title: '中式烹调师技能竞赛报名开始',
      summary: '竞赛分热菜、冷拼、面点三个项目，获奖者可晋升相应等级。',
      body: '<p>市级中式烹调师技能竞赛即日起接受报名，竞赛设<strong>热菜</strong>、<strong>冷拼</strong>、<strong>面点</strong>三个项目。</p>',
    },
    publishedDaysAgo: 27,
  },
  {
    input: {
      kind: 'news',
      category: '学院动态',
      title: '新版在线学习平台上线预告',
      summary: '课程中心将增加离线学习与学习进度同步功能。',
      body: '<p>新版在线学习平台将于明日上线，支持离线学习与多端进度同步。</p>',
    },
    publishedDaysAgo: -1,
  },
];

const NOTICES: DemoArticle[] = [
  {
    input: {
      kind: 'notice',
      category: '考试通知',
      title: '关于做好下月电工等级认定考试准备工作的通知',
      summary: '请考生提前打印准考证，考试当天携带身份证原件提前 30 分钟到场。',
      body: '<p>各位考生：</p><p>下月电工（四级、三级）等级认定考试将在学院实训楼进行，请注意以下事项：</p><ol><li>考前 7 天起可在个人中心打印准考证；</li><li>考试当天携带<strong>身份证原件</strong>与准考证；</li><li>提前 30 分钟到达考场。</li></ol><p>咨询电话：<a href="tel:051266001234">0512-66001234</a></p>',
    },
    publishedDaysAgo: 1,
    attachment: '考生须知.png',
  },
  {
    input: {
      kind: 'notice',
      category: '培训通知',
      title: '育婴员（五级）周末培训班招生通知',
      summary: '每周六、日上课，共 8 周，结业后可报名参加等级认定。',
      body: '<p>育婴员（五级）周末培训班现开始招生，名额 40 人，报满即止。报名请登录门户“课程中心”。</p>',
    },
    publishedDaysAgo: 8,
  },
  {
    input: {
      kind: 'notice',
      category: '考试通知',
      title: '关于调整茶艺师实操考试时间的通知',
      summary: '受场地检修影响，实操考试顺延一周，理论考试时间不变。',
      body: '<p>受实训场地检修影响，原定本月的茶艺师实操考试<strong>顺延一周</strong>举行，理论考试时间不变。新的准考证将于考前 7 天开放打印。</p>',
    },
    publishedDaysAgo: 15,
  },
];

interface JobSpec extends DemoArticle {
  /** The demo learner's certificate decides the occupation and level. */
  forDemoLearner?: boolean;
  occupationCode?: string;
}

const JOBS: JobSpec[] = [
  {
    input: {
      kind: 'job',
      category: '制造业',
      title: '招聘持证电工 5 名',
      summary: '负责厂区配电设备的日常巡检与维护，持证上岗。',
      body: '<h3>岗位职责</h3><ul><li>厂区配电设备巡检与维护</li><li>设备故障的排查与处理</li></ul><h3>任职要求</h3><ul><li>持有相应等级的职业技能等级证书</li><li>能适应倒班</li></ul>',
      employer: '苏州恒远精密制造有限公司',
      place: '苏州工业园区',
      salary_min: 6500,
      salary_max: 9000,
      contact_name: '刘经理',
      contact_phone: '0512-66005678',
    },
    publishedDaysAgo: 3,
    forDemoLearner: true,
  },
  {
    input: {
      kind: 'job',
      category: '服务业',
      title: '茶艺师（中级及以上）',
      summary: '连锁茶馆招聘茶艺师，提供住宿与技能晋升通道。',
      body: '<p>负责门店茶事服务与茶艺表演，要求持有茶艺师四级（中级）及以上证书。</p>',
      employer: '江南茶事文化有限公司',
      place: '无锡市梁溪区',
      salary_min: 5000,
      salary_max: 7000,
      contact_name: '陈女士',
      contact_phone: '13912345678',
      level_required: 4,
    },
    publishedDaysAgo: 5,
    occupationCode: '4-03-02-07',
  },
  {
    input: {
      kind: 'job',
      category: '服务业',
      title: '酒店中式烹调师',
      summary: '五星级酒店中餐厅招聘厨师，持证优先。',
      body: '<p>负责中餐热菜制作，有宴会经验者优先。</p>',
      employer: '金陵国际酒店',
      place: '南京市鼓楼区',
      salary_min: 7000,
      salary_max: 12000,
      contact_name: '王主管',
      contact_phone: '025-86001234',
    },
    publishedDaysAgo: 10,
  },
  {
    input: {
      kind: 'job',
      category: '制造业',
      title: '焊工学徒（可培训考证）',
      summary: '无证可报，入职后安排培训与等级认定。',
      body: '<p>公司提供带薪培训，三个月内安排焊工（五级）等级认定。</p>',
      employer: '常州远航船舶配件有限公司',
      place: '常州市新北区',
      salary_min: 4500,
      salary_max: 6000,
      contact_name: '赵师傅',
      contact_phone: '0519-85001234',
    },
    publishedDaysAgo: 16,
  },
];

/** The demo learner's first certificate: its occupation and level. */
async function demoLearnerCertificate(db: Db) {
  const [row] = await db
    .select({ occupationId: examPlans.occupationId, level: certificates.level })
    .from(certificates)
    .innerJoin(learners, eq(learners.id, certificates.learnerId))
    .innerJoin(examPlans, eq(examPlans.id, certificates.planId))
    .where(eq(learners.username, 'learner'))
    .orderBy(asc(certificates.id))
    .limit(1);
  return row ?? null;
}

export async function seedArticleDemo(db: Db, options: { storage: FileStorage }): Promise<void> {
  const founder = await adminPrincipal(db, 'founder');
  const categoryIds = new Map<string, number>();
  for (const [kind, names] of Object.entries(CATEGORIES)) {
    for (const [sort, name] of names.entries()) {
      const made = await createCategory(db, founder, null, {
        kind: kind as keyof typeof CATEGORIES,
        name,
        sort,
      });
      categoryIds.set(`${kind}:${name}`, made.id);
    }
  }
  const certificate = await demoLearnerCertificate(db);
  const deadline = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  let index = 0;
  for (const spec of [...NEWS, ...NOTICES, ...JOBS] as JobSpec[]) {
    index += 1;
    const { category, ...fields } = spec.input;
    const input: ArticleInput = {
      ...fields,
      category_id: category ? (categoryIds.get(`${fields.kind}:${category}`) ?? null) : null,
    };
    if (spec.cover) {
      const cover = await saveUpload(db, options.storage, {
        owner: { adminId: founder.id },
        kind: 'cover',
        fileName: `article-cover-${index}.png`,
        content: demoBanner(spec.cover[0], spec.cover[1], 640, 360),
      });
      input.cover_upload_id = cover.id;
    }
    if (spec.image) {
      const image = await saveUpload(db, options.storage, {
        owner: { adminId: founder.id },
        kind: 'content_image',
        fileName: `article-image-${index}.png`,
        content: demoBanner(spec.image[0], spec.image[1], 800, 450),
      });
      input.body = (input.body ?? '').replace('{{IMAGE}}', uploadUrl(image.id));
    }
    if (spec.attachment) {
      const file = await saveUpload(db, options.storage, {
        owner: { adminId: founder.id },
        kind: 'content_file',
        fileName: spec.attachment,
        content: demoBanner([240, 240, 240], [200, 200, 200], 600, 800),
      });
      input.attachments = [file.id];
    }
    if (fields.kind === 'job') {
      input.deadline = deadline;
      if (spec.forDemoLearner && certificate) {
        input.occupation_id = certificate.occupationId;
        input.level_required = certificate.level;
      } else if (spec.occupationCode) {
        const [occupation] = await db
          .select({ id: occupations.id })
          .from(occupations)
          .where(eq(occupations.code, spec.occupationCode));
        if (occupation) input.occupation_id = occupation.id;
        else input.level_required = null;
      }
    }
    await db.transaction(async (tx) => {
      const article = await createArticle(tx, founder, null, articleInputSchema.parse(input));
      if (spec.publishedDaysAgo === null) return;
      if (spec.publishedDaysAgo < 0) {
        await publishArticle(
          tx,
          founder,
          null,
          article.id,
          new Date(Date.now() - spec.publishedDaysAgo * DAY).toISOString(),
        );
        return;
      }
      await publishArticle(tx, founder, null, article.id, null);
      const at = new Date(Date.now() - spec.publishedDaysAgo * DAY - index * 3_600_000);
      await tx
        .update(articles)
        .set({ publishAt: at, createdAt: at, updatedAt: at, viewCount: 20 + ((index * 37) % 180) })
        .where(eq(articles.id, article.id));
      if (spec.pinned) await pinArticle(tx, founder, null, article.id, true);
    });
  }
}
