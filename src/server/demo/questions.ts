// Demo question banks: 茶艺师 and 电工, both 四级/中级工 (the levels of the demo plans), each with a category
// tree and questions of all five types, including a material question with its sub-questions. Papers (B) and
// online exams (M) find these banks by name.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { occupations, questionBanks } from '../db/schema/index.ts';
import { checkQuestionRows, emptyCells, type QuestionCells } from '../questions/import-rows.ts';
import { insertImportedQuestions } from '../questions/service.ts';

export const DEMO_TEA_BANK = '茶艺师（中级）理论题库';
export const DEMO_ELECTRIC_BANK = '电工（中级）理论题库';

type Row = Partial<QuestionCells>;

const single = (category: string, stem: string, options: string[], answer: string, difficulty = 2): Row => ({
  type: '单选题',
  category,
  stem,
  ...Object.fromEntries(options.map((text, i) => [`option_${'ABCDEFGH'[i]}`, text])),
  answer,
  score: '1',
  difficulty: String(difficulty),
});
const multi = (category: string, stem: string, options: string[], answer: string, difficulty = 3): Row => ({
  ...single(category, stem, options, answer, difficulty),
  type: '多选题',
  score: '2',
});
const judge = (category: string, stem: string, right: boolean, difficulty = 1): Row => ({
  type: '判断题',
  category,
  stem,
  answer: right ? '正确' : '错误',
  score: '1',
  difficulty: String(difficulty),
});
const essay = (category: string, stem: string, reference: string, difficulty = 4): Row => ({
  type: '问答题',
  category,
  stem,
  reference_answer: reference,
  score: '10',
  difficulty: String(difficulty),
});

const TEA: Row[] = [
  single('茶叶知识/绿茶', '西湖龙井属于哪一类茶？', ['绿茶', '红茶', '乌龙茶', '黑茶'], 'A', 1),
  single('茶叶知识/绿茶', '冲泡细嫩绿茶适宜的水温约为？', ['60℃', '80℃', '95℃', '100℃'], 'B'),
  single('茶叶知识', '乌龙茶属于哪一类？', ['不发酵茶', '半发酵茶', '全发酵茶', '后发酵茶'], 'B'),
  single('茶叶知识', '普洱熟茶属于？', ['绿茶', '白茶', '黑茶', '黄茶'], 'C'),
  single('茶叶知识', '红茶的发酵程度是？', ['不发酵', '轻发酵', '半发酵', '全发酵'], 'D', 2),
  single(
    '冲泡技艺',
    '盖碗泡茶时，出汤应？',
    ['一次倒满一杯', '循环斟茶使茶汤均匀', '只倒一半', '直接饮用'],
    'B',
    3,
  ),
  single('冲泡技艺', '“凤凰三点头”指的是？', ['高冲注水三次', '摇壶三次', '闻香三次', '敬茶三次'], 'A', 3),
  single('冲泡技艺', '紫砂壶最适合冲泡？', ['乌龙茶', '细嫩绿茶', '花草茶', '速溶茶'], 'A', 2),
  single(
    '安全卫生',
    '茶具消毒常用的方法是？',
    ['冷水冲洗', '沸水烫洗或消毒柜', '阳光暴晒', '湿布擦拭'],
    'B',
    1,
  ),
  single('安全卫生', '茶叶储存应避免？', ['密封', '低温', '潮湿和异味', '避光'], 'C', 1),
  multi('茶叶知识', '中国六大茶类包括？', ['绿茶', '红茶', '花草茶', '白茶'], 'ABD'),
  multi('冲泡技艺', '影响茶汤品质的因素有？', ['水质', '水温', '投茶量', '茶桌颜色'], 'ABC'),
  multi('安全卫生', '茶艺师上岗时应做到？', ['着装整洁', '佩戴首饰', '手部清洁', '不使用香水'], 'ACD'),
  multi('茶叶知识/绿茶', '属于绿茶的有？', ['碧螺春', '大红袍', '黄山毛峰', '信阳毛尖'], 'ACD', 2),
  multi('冲泡技艺', '品茶的步骤通常包括？', ['观色', '闻香', '品味', '摇杯'], 'ABC', 2),
  judge('茶叶知识', '白茶是不经揉捻、只经萎凋和干燥制成的茶。', true),
  judge('冲泡技艺', '冲泡绿茶的水温越高越好。', false),
  judge('安全卫生', '茶叶应与有异味的物品分开存放。', true),
  judge('冲泡技艺', '奉茶时应将茶杯柄朝向客人右手边。', true, 2),
  judge('茶叶知识', '普洱生茶和熟茶的加工工艺完全相同。', false, 2),
  essay(
    '冲泡技艺',
    '简述绿茶玻璃杯冲泡的主要步骤。',
    '备具、温杯、投茶、润茶摇香、高冲注水、奉茶；水温约 80℃。',
  ),
  essay('安全卫生', '茶艺服务中如何做好茶具卫生管理？', '一客一换、清洗消毒、分类存放、定期检查破损。'),
  {
    type: '材料题',
    category: '冲泡技艺',
    stem: '一位客人反映刚泡好的龙井茶汤发黄、有熟闷味。茶艺师检查发现使用的是刚烧开的沸水，且杯盖一直盖着。',
    difficulty: '3',
  },
  {
    type: '材料-单选题',
    stem: '造成茶汤发黄、熟闷味的主要原因是？',
    option_A: '水温过高且闷泡',
    option_B: '茶叶太少',
    option_C: '杯子太大',
    answer: 'A',
    score: '2',
    difficulty: '2',
  },
  {
    type: '材料-问答题',
    stem: '应如何改进冲泡方法？',
    reference_answer: '沸水降温至 80℃ 左右，玻璃杯不加盖，注意出汤时间。',
    score: '8',
    difficulty: '4',
  },
];

const ELECTRIC: Row[] = [
  single('安全/电气', '电气设备着火时，首先应当？', ['用水扑救', '切断电源', '打开门窗', '继续作业'], 'B', 1),
  single('安全/电气', '我国规定的安全电压额定值不包括？', ['42V', '36V', '24V', '220V'], 'D', 2),
  single('基础知识', '欧姆定律表达式为？', ['I=U/R', 'P=UI', 'U=IR²', 'R=UI'], 'A', 1),
  single(
    '基础知识',
    '三相四线制中，线电压与相电压的关系是？',
    ['相等', '线电压是相电压的 √3 倍', '相电压是线电压的 √3 倍', '线电压是相电压的 2 倍'],
    'B',
    3,
  ),
  single(
    '电工仪表',
    '测量电阻前，万用表应？',
    ['带电测量', '欧姆调零', '置于电压挡', '短接表笔后带电'],
    'B',
    2,
  ),
  single('电工仪表', '兆欧表用于测量？', ['电流', '电压', '绝缘电阻', '功率'], 'C', 2),
  single(
    '安全/电气',
    '停电检修时，挂“禁止合闸，有人工作”标示牌的位置是？',
    ['配电室门口', '一经合闸即可送电到工作地点的开关操作把手上', '工作地点', '变压器上'],
    'B',
    3,
  ),
  single(
    '安全/机械',
    '使用手持电动工具时应？',
    ['戴线手套', '检查绝缘和接地', '单手操作', '随意放置'],
    'B',
    2,
  ),
  single('基础知识', '导线截面积的单位通常是？', ['mm', 'mm²', 'cm', 'm²'], 'B', 1),
  single(
    '电工仪表',
    '钳形电流表测量时应？',
    ['夹住多根导线', '夹住单根导线', '断开电路', '接入电路'],
    'B',
    2,
  ),
  multi('安全/电气', '保证安全的技术措施有？', ['停电', '验电', '装设接地线', '口头通知'], 'ABC'),
  multi(
    '安全/电气',
    '触电急救的正确做法有？',
    ['迅速脱离电源', '立即心肺复苏', '用手直接拉触电者', '拨打急救电话'],
    'ABD',
  ),
  multi('基础知识', '属于导体的材料有？', ['铜', '铝', '橡胶', '钢'], 'ABD', 2),
  multi(
    '电工仪表',
    '使用万用表的注意事项有？',
    ['选择合适量程', '测电阻时断电', '带电换挡', '读数时视线垂直表盘'],
    'ABD',
  ),
  multi('安全/机械', '登高作业应做到？', ['系好安全带', '检查梯子', '工具随手抛递', '有人监护'], 'ABD', 2),
  judge('安全/电气', '验电前应先在有电设备上确认验电器良好。', true, 2),
  judge('基础知识', '电阻串联后总电阻小于任一分电阻。', false),
  judge('安全/电气', '可以用湿手操作电气开关。', false),
  judge('电工仪表', '兆欧表测量前应对被测设备断电并放电。', true, 2),
  judge('基础知识', '交流电的频率在我国为 50Hz。', true),
  essay('安全/电气', '简述停电检修的安全技术措施及顺序。', '停电、验电、装设接地线、悬挂标示牌和装设遮栏。'),
  essay(
    '基础知识',
    '说明漏电保护器的作用和日常检查方法。',
    '发生漏电或触电时自动切断电源；每月按试验按钮检查动作是否可靠。',
  ),
  {
    type: '材料题',
    category: '安全/电气',
    stem: '某车间检修配电箱时未挂警示牌，另一名工人误合闸，导致检修人员触电受伤。',
    difficulty: '3',
  },
  {
    type: '材料-单选题',
    stem: '事故的直接原因是？',
    option_A: '误合闸',
    option_B: '设备老化',
    option_C: '天气潮湿',
    answer: 'A',
    score: '2',
    difficulty: '2',
  },
  {
    type: '材料-判断题',
    stem: '检修时只要断开开关即可保证安全。',
    answer: '错误',
    score: '2',
    difficulty: '2',
  },
  {
    type: '材料-问答题',
    stem: '应采取哪些整改措施？',
    reference_answer: '停电挂牌上锁、专人监护、作业前验电、装设接地线。',
    score: '6',
    difficulty: '4',
  },
];

async function seedBank(db: Db, name: string, occupationCode: string, level: number, rows: Row[]) {
  const [existing] = await db.select().from(questionBanks).where(eq(questionBanks.name, name));
  if (existing) return;
  const [occupation] = await db.select().from(occupations).where(eq(occupations.code, occupationCode));
  if (!occupation) return;
  const checked = checkQuestionRows(
    rows.map((cells, index) => ({ row: index + 2, cells: { ...emptyCells(), ...cells } })),
  );
  if (checked.refused.length) throw new Error(`demo questions: ${JSON.stringify(checked.refused[0])}`);
  await db.transaction(async (tx) => {
    const [bank] = await tx
      .insert(questionBanks)
      .values({ name, occupationId: occupation.id, level, description: '演示题库：五种题型齐全，含材料题。' })
      .returning();
    await insertImportedQuestions(tx, null, bank!.id, checked.valid);
  });
}

export async function seedQuestionDemo(db: Db): Promise<void> {
  await seedBank(db, DEMO_TEA_BANK, '4-03-02-07', 4, TEA);
  await seedBank(db, DEMO_ELECTRIC_BANK, '6-31-01-03', 4, ELECTRIC);
}
