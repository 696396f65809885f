// Demo organisations and the five demo accounts of PRODUCT.md §5, created through the accounts service.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  educationalBackgrounds,
  ethnicGroups,
  politicalAffiliations,
  userSources,
} from '../db/schema/index.ts';
import { createAdministrator, createLearner, createOrganization } from './service.ts';

export const DEMO_ORGANIZATIONS = [
  {
    name: '江南职业技术学院',
    code: '1001',
    departments: [
      { name: '机电工程系', code: '100101' },
      { name: '信息工程系', code: '100102' },
      { name: '经济管理系', code: '100103' },
    ],
  },
  {
    name: '滨海技师学院',
    code: '1002',
    departments: [
      { name: '智能制造系', code: '100201' },
      { name: '现代服务系', code: '100202' },
    ],
  },
] as const;

/** The demo learners; the ID-card numbers are valid under GB 11643 (region, birth date, check digit). */
export const DEMO_LEARNERS = {
  learner: { realName: '张伟', phone: '13851234567', idCard: '320106199506181232' },
  learner2: { realName: '李娜', phone: '13962345678', idCard: '32058319981103046X' },
} as const;

async function lookupId(
  db: Db,
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
  name: string,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.name, name));
  return row?.id ?? null;
}

export async function seedAccountsDemo(db: Db, password: string): Promise<void> {
  const colleges: number[] = [];
  for (const [i, college] of DEMO_ORGANIZATIONS.entries()) {
    const root = await createOrganization(db, {
      name: college.name,
      code: college.code,
      kind: 'college',
      sort: i + 1,
    });
    colleges.push(root.id);
    for (const [j, department] of college.departments.entries()) {
      await createOrganization(db, { ...department, parentId: root.id, kind: 'department', sort: j + 1 });
    }
  }
  const jiangnan = colleges[0]!;

  await createAdministrator(db, {
    username: 'founder',
    password,
    realName: '周立平',
    administratorType: 'founder',
  });
  await createAdministrator(db, {
    username: 'manager',
    password,
    realName: '刘芳',
    administratorType: 'manager',
  });
  await createAdministrator(db, {
    username: 'college',
    password,
    realName: '陈明',
    administratorType: 'college',
    organizationId: jiangnan,
  });

  // `learner` has a complete profile (the lookups are reference data, present before the demo).
  await createLearner(db, {
    username: 'learner',
    password,
    ...DEMO_LEARNERS.learner,
    organizationId: jiangnan,
    profile: {
      address: '江苏省南京市鼓楼区中山北路 200 号',
      employer: '南京华东机电设备有限公司',
      email: 'zhangwei@example.com',
      provinceCode: '32',
      cityCode: '3201',
      areaCode: '320106',
      ethnicGroupId: await lookupId(db, ethnicGroups, '汉族'),
      politicalAffiliationId: await lookupId(db, politicalAffiliations, '共青团员'),
      educationalBackgroundId: await lookupId(db, educationalBackgrounds, '大学专科'),
      userSourceId: await lookupId(db, userSources, '企业职工'),
    },
  });
  await createLearner(db, { username: 'learner2', password, ...DEMO_LEARNERS.learner2 });
}
