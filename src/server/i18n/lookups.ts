// The standard lookup entries (src/server/lookups/reference.ts) in the other interface languages, keyed by
// their Chinese name: the name is what the tables hold and what stays stable. An entry an administrator
// added or renamed has no translation here and is shown as written, in every language.
import type { Language } from '../../shared/api/constants.ts';
import type { LookupKind } from '../../shared/lookups/schema.ts';

type Translations = Readonly<Record<Exclude<Language, 'zh'>, string>>;

/** [Chinese, English, Spanish, Japanese] */
type Row = readonly [string, string, string, string];

const table = (rows: readonly Row[]): ReadonlyMap<string, Translations> =>
  new Map(rows.map(([zh, en, es, ja]) => [zh, { en, es, ja }]));

// GB 3304 order; the English names follow the romanisation of the standard's English edition.
const ETHNIC_GROUPS = table([
  ['汉族', 'Han', 'Han', '漢族'],
  ['蒙古族', 'Mongolian', 'Mongol', 'モンゴル族'],
  ['回族', 'Hui', 'Hui', '回族'],
  ['藏族', 'Tibetan', 'Tibetano', 'チベット族'],
  ['维吾尔族', 'Uyghur', 'Uigur', 'ウイグル族'],
  ['苗族', 'Miao', 'Miao', 'ミャオ族'],
  ['彝族', 'Yi', 'Yi', 'イ族'],
  ['壮族', 'Zhuang', 'Zhuang', 'チワン族'],
  ['布依族', 'Bouyei', 'Buyei', 'プイ族'],
  ['朝鲜族', 'Korean', 'Coreano', '朝鮮族'],
  ['满族', 'Manchu', 'Manchú', '満州族'],
  ['侗族', 'Dong', 'Dong', 'トン族'],
  ['瑶族', 'Yao', 'Yao', 'ヤオ族'],
  ['白族', 'Bai', 'Bai', 'ペー族'],
  ['土家族', 'Tujia', 'Tujia', 'トゥチャ族'],
  ['哈尼族', 'Hani', 'Hani', 'ハニ族'],
  ['哈萨克族', 'Kazakh', 'Kazajo', 'カザフ族'],
  ['傣族', 'Dai', 'Dai', 'タイ族'],
  ['黎族', 'Li', 'Li', 'リー族'],
  ['傈僳族', 'Lisu', 'Lisu', 'リス族'],
  ['佤族', 'Va', 'Va', 'ワ族'],
  ['畲族', 'She', 'She', 'ショオ族'],
  ['高山族', 'Gaoshan', 'Gaoshan', '高山族'],
  ['拉祜族', 'Lahu', 'Lahu', 'ラフ族'],
  ['水族', 'Sui', 'Shui', 'スイ族'],
  ['东乡族', 'Dongxiang', 'Dongxiang', 'トンシャン族'],
  ['纳西族', 'Naxi', 'Naxi', 'ナシ族'],
  ['景颇族', 'Jingpo', 'Jingpo', 'チンポー族'],
  ['柯尔克孜族', 'Kirgiz', 'Kirguís', 'キルギス族'],
  ['土族', 'Tu', 'Tu', 'トゥ族'],
  ['达斡尔族', 'Daur', 'Daur', 'ダフール族'],
  ['仫佬族', 'Mulao', 'Mulao', 'ムーラオ族'],
  ['羌族', 'Qiang', 'Qiang', 'チャン族'],
  ['布朗族', 'Blang', 'Blang', 'プーラン族'],
  ['撒拉族', 'Salar', 'Salar', 'サラール族'],
  ['毛南族', 'Maonan', 'Maonan', 'マオナン族'],
  ['仡佬族', 'Gelao', 'Gelao', 'コーラオ族'],
  ['锡伯族', 'Xibe', 'Xibe', 'シボ族'],
  ['阿昌族', 'Achang', 'Achang', 'アチャン族'],
  ['普米族', 'Pumi', 'Pumi', 'プミ族'],
  ['塔吉克族', 'Tajik', 'Tayiko', 'タジク族'],
  ['怒族', 'Nu', 'Nu', 'ヌー族'],
  ['乌孜别克族', 'Uzbek', 'Uzbeko', 'ウズベク族'],
  ['俄罗斯族', 'Russian', 'Ruso', 'ロシア族'],
  ['鄂温克族', 'Ewenki', 'Evenki', 'エヴェンキ族'],
  ['德昂族', "De'ang", "De'ang", 'トーアン族'],
  ['保安族', 'Bonan', 'Bonan', 'ボウナン族'],
  ['裕固族', 'Yugur', 'Yugur', 'ユーグ族'],
  ['京族', 'Gin', 'Jing', 'キン族'],
  ['塔塔尔族', 'Tatar', 'Tártaro', 'タタール族'],
  ['独龙族', 'Derung', 'Derung', 'トールン族'],
  ['鄂伦春族', 'Oroqen', 'Oroqen', 'オロチョン族'],
  ['赫哲族', 'Hezhen', 'Hezhen', 'ホジェン族'],
  ['门巴族', 'Monba', 'Monpa', 'メンパ族'],
  ['珞巴族', 'Lhoba', 'Lhoba', 'ロッパ族'],
  ['基诺族', 'Jino', 'Jino', 'チノー族'],
  ['其他', 'Other', 'Otro', 'その他'],
  [
    '外国血统中国籍人士',
    'Chinese citizen of foreign origin',
    'Ciudadano chino de origen extranjero',
    '外国系中国籍者',
  ],
]);

const POLITICAL_AFFILIATIONS = table([
  [
    '中共党员',
    'Member of the Communist Party of China',
    'Miembro del Partido Comunista de China',
    '中国共産党員',
  ],
  [
    '中共预备党员',
    'Probationary member of the Communist Party of China',
    'Miembro en período de prueba del Partido Comunista de China',
    '中国共産党予備党員',
  ],
  [
    '共青团员',
    'Member of the Communist Youth League of China',
    'Miembro de la Liga de la Juventud Comunista de China',
    '中国共産主義青年団員',
  ],
  [
    '民革党员',
    'Member of the Revolutionary Committee of the Chinese Kuomintang',
    'Miembro del Comité Revolucionario del Kuomintang de China',
    '中国国民党革命委員会党員',
  ],
  [
    '民盟盟员',
    'Member of the China Democratic League',
    'Miembro de la Liga Democrática de China',
    '中国民主同盟盟員',
  ],
  [
    '民建会员',
    'Member of the China National Democratic Construction Association',
    'Miembro de la Asociación Nacional para la Construcción Democrática de China',
    '中国民主建国会会員',
  ],
  [
    '民进会员',
    'Member of the China Association for Promoting Democracy',
    'Miembro de la Asociación China para la Promoción de la Democracia',
    '中国民主促進会会員',
  ],
  [
    '农工党党员',
    "Member of the Chinese Peasants' and Workers' Democratic Party",
    'Miembro del Partido Democrático de Campesinos y Obreros de China',
    '中国農工民主党党員',
  ],
  [
    '致公党党员',
    'Member of the China Zhi Gong Party',
    'Miembro del Partido Zhi Gong de China',
    '中国致公党党員',
  ],
  ['九三学社社员', 'Member of the Jiusan Society', 'Miembro de la Sociedad Jiusan', '九三学社社員'],
  [
    '台盟盟员',
    'Member of the Taiwan Democratic Self-Government League',
    'Miembro de la Liga de Autogobierno Democrático de Taiwán',
    '台湾民主自治同盟盟員',
  ],
  ['无党派人士', 'Independent (no party)', 'Independiente (sin partido)', '無党派人士'],
  ['群众', 'Ordinary citizen (no affiliation)', 'Ciudadano sin afiliación política', '一般市民（無所属）'],
]);

const EDUCATIONAL_BACKGROUNDS = table([
  ['博士研究生', 'Doctorate', 'Doctorado', '博士課程'],
  ['硕士研究生', "Master's degree", 'Máster', '修士課程'],
  ['大学本科', "Bachelor's degree", 'Grado universitario', '大学学部'],
  ['大学专科', 'Junior college diploma', 'Diplomatura universitaria de ciclo corto', '短期大学'],
  [
    '中等职业教育/中专',
    'Secondary vocational school',
    'Formación profesional de grado medio',
    '中等職業教育・中等専門学校',
  ],
  ['技工学校', 'Technical school', 'Escuela técnica', '技工学校'],
  ['普通高中', 'General upper secondary school', 'Bachillerato', '普通高等学校'],
  ['初中', 'Lower secondary school', 'Educación secundaria obligatoria', '中学校'],
  ['小学', 'Primary school', 'Educación primaria', '小学校'],
  ['其他', 'Other', 'Otro', 'その他'],
]);

const USER_SOURCES = table([
  ['社会人员', 'Member of the public', 'Particular', '一般社会人'],
  ['在校学生', 'Student', 'Estudiante', '在学生'],
  ['企业职工', 'Company employee', 'Empleado de empresa', '企業従業員'],
  ['退役军人', 'Veteran', 'Veterano de las fuerzas armadas', '退役軍人'],
  ['农民工', 'Migrant worker', 'Trabajador migrante', '出稼ぎ労働者'],
  ['失业人员', 'Unemployed', 'Desempleado', '失業者'],
  ['其他', 'Other', 'Otro', 'その他'],
]);

const LOOKUP_TRANSLATIONS: Record<LookupKind, ReadonlyMap<string, Translations>> = {
  ethnicGroups: ETHNIC_GROUPS,
  politicalAffiliations: POLITICAL_AFFILIATIONS,
  educationalBackgrounds: EDUCATIONAL_BACKGROUNDS,
  userSources: USER_SOURCES,
};

/** A lookup entry's name in `lang`: the standard entries translated, anything else as stored. */
export function lookupName(lang: Language, kind: LookupKind, name: string): string {
  if (lang === 'zh') return name;
  return LOOKUP_TRANSLATIONS[kind].get(name)?.[lang] ?? name;
}
