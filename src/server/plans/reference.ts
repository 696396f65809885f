// The occupation catalogue every deployment starts with: occupations of the 国家职业分类大典 that a
// vocational college commonly certifies, with the skill levels (5 初级工 .. 1 高级技师) it offers.
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { occupations } from '../db/schema/index.ts';

const ALL_LEVELS = [5, 4, 3, 2, 1];
const IT = '信息传输、软件和信息技术服务人员';
const PRODUCTION = '生产制造及有关人员';
const SERVICE = '社会生产服务和生活服务人员';

export const OCCUPATION_SEEDS: {
  code: string;
  name: string;
  category: string;
  levels: number[];
  description: string;
}[] = [
  {
    code: '4-04-05-01',
    name: '计算机程序设计员',
    category: IT,
    levels: [4, 3, 2, 1],
    description: '从事计算机程序设计、编码、测试和维护的人员',
  },
  {
    code: '4-04-04-02',
    name: '网络与信息安全管理员',
    category: IT,
    levels: ALL_LEVELS,
    description: '从事网络与信息系统安全监测、防护、应急处置的人员',
  },
  {
    code: '6-31-01-03',
    name: '电工',
    category: PRODUCTION,
    levels: ALL_LEVELS,
    description: '从事电气设备安装、调试、运行维护和检修的人员',
  },
  {
    code: '6-18-02-04',
    name: '焊工',
    category: PRODUCTION,
    levels: ALL_LEVELS,
    description: '操作焊接和气割设备，进行金属工件连接或切割的人员',
  },
  {
    code: '6-18-01-01',
    name: '车工',
    category: PRODUCTION,
    levels: ALL_LEVELS,
    description: '操作车床进行工件旋转表面切削加工的人员',
  },
  {
    code: '4-03-02-01',
    name: '中式烹调师',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '运用煎、炒、烹、炸等技法制作中式菜肴的人员',
  },
  {
    code: '4-03-02-03',
    name: '中式面点师',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '运用中式面点制作技法制作面点食品的人员',
  },
  {
    code: '4-03-02-07',
    name: '茶艺师',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '在茶室、茶楼等场所展示茶水冲泡流程和技巧的人员',
  },
  {
    code: '4-10-01-01',
    name: '保育师',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '在托育机构、幼儿园等从事婴幼儿保育工作的人员',
  },
  {
    code: '4-14-01-01',
    name: '养老护理员',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '从事老年人生活照料、护理服务工作的人员',
  },
  {
    code: '4-07-05-02',
    name: '电子商务师',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '利用网络平台从事商务活动、运营和推广的人员',
  },
  {
    code: '4-12-01-01',
    name: '汽车维修工',
    category: SERVICE,
    levels: ALL_LEVELS,
    description: '从事汽车维护、修理和故障诊断的人员',
  },
  {
    code: '4-14-02-02',
    name: '健康管理师',
    category: SERVICE,
    levels: [3, 2, 1],
    description: '从事个体或群体健康监测、评估和干预的人员',
  },
];

/** Reference-data step: fills the catalogue while it is empty (later edits are never overwritten). */
export async function ensureOccupations(db: Db) {
  const [existing] = await db.select({ n: count() }).from(occupations);
  if ((existing?.n ?? 0) > 0) return;
  await db
    .insert(occupations)
    .values(OCCUPATION_SEEDS.map((seed, index) => ({ ...seed, sort: index + 1 })))
    .onConflictDoNothing({ target: occupations.code });
}
