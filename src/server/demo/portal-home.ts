// Demo portal home: a published layout (every section, a notice bar, footer links and the college's contact)
// and, beside the registration demo's banners, one banner scheduled to start next week (not shown yet).
import { eq } from 'drizzle-orm';
import type { PortalHomeLayout } from '../../shared/portal-home/schema.ts';
import type { Db } from '../db/client.ts';
import { administrators, banners, portalHome } from '../db/schema/index.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload, uploadUrl } from '../uploads/service.ts';
import { demoBanner } from './images.ts';

const DAY_MS = 86_400_000;

export const DEMO_PORTAL_HOME: PortalHomeLayout = {
  sections: [
    { key: 'skillTests', visible: true },
    { key: 'news', visible: true },
    { key: 'courses', visible: true },
    { key: 'jobs', visible: true },
    { key: 'downloads', visible: true },
  ],
  notice: {
    text: '2026 年第四季度职业技能等级认定报名已开始，请在报名截止前完善个人资料。',
    link: '/enroll',
    visible: true,
  },
  footer_links: [
    { title: '关于我们', url: '/news' },
    { title: '考试报名', url: '/enroll' },
    { title: '人力资源和社会保障部', url: 'https://www.mohrss.gov.cn' },
    { title: '技能人才评价网', url: 'https://www.osta.org.cn' },
  ],
  contact: {
    phone: '0571-8888 6666',
    email: 'skills@example.edu.cn',
    address: '浙江省杭州市西湖区留和路 318 号 职业技能等级认定中心',
  },
};

export async function seedPortalHomeDemo(db: Db, options: { storage: FileStorage }): Promise<void> {
  const [founder] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(eq(administrators.username, 'founder'))
    .limit(1);
  await db.insert(portalHome).values([
    { stage: 'draft', layout: DEMO_PORTAL_HOME, updatedBy: founder?.id ?? null },
    { stage: 'published', layout: DEMO_PORTAL_HOME, updatedBy: founder?.id ?? null },
  ]);

  const image = await saveUpload(db, options.storage, {
    owner: { adminId: founder!.id },
    kind: 'banner',
    fileName: 'banner-winter.png',
    content: demoBanner([90, 60, 200], [200, 170, 255], 1280, 400),
  });
  const from = new Date(Date.now() + 7 * DAY_MS);
  await db.insert(banners).values({
    title: '冬季技能培训班招生（下周开始展示）',
    imageUrl: uploadUrl(image.id),
    link: '/course',
    sort: 10,
    showsFrom: from,
    showsUntil: new Date(from.getTime() + 30 * DAY_MS),
  });
}
