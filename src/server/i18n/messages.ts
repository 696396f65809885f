// The platform's own words that the server writes (notification texts, order item names, the admission
// ticket's rules, labels), in the four interface languages. What users write (plan titles, room names, the
// reasons staff give) is passed in as a parameter and never translated. `{name}` marks a parameter; a
// parameter given as { t: key } is itself a catalogue entry, rendered in the same language, so a stored
// message (notifications keep key and parameters) can be shown later in whatever language the reader uses.
import type { Language } from '../../shared/api/constants.ts';

type Entry = Readonly<Record<Language, string>>;

const SKILL_LEVELS = {
  'skillLevel.1': {
    zh: '一级/高级技师',
    en: 'Level 1 / Senior technician',
    es: 'Nivel 1 / Técnico superior',
    ja: '1級／上級技師',
  },
  'skillLevel.2': { zh: '二级/技师', en: 'Level 2 / Technician', es: 'Nivel 2 / Técnico', ja: '2級／技師' },
  'skillLevel.3': {
    zh: '三级/高级工',
    en: 'Level 3 / Senior worker',
    es: 'Nivel 3 / Oficial superior',
    ja: '3級／上級技能士',
  },
  'skillLevel.4': {
    zh: '四级/中级工',
    en: 'Level 4 / Intermediate worker',
    es: 'Nivel 4 / Oficial intermedio',
    ja: '4級／中級技能士',
  },
  'skillLevel.5': {
    zh: '五级/初级工',
    en: 'Level 5 / Junior worker',
    es: 'Nivel 5 / Oficial inicial',
    ja: '5級／初級技能士',
  },
} as const satisfies Record<string, Entry>;

const SCORE_RESULTS = {
  'scoreResult.passed': { zh: '合格', en: 'Passed', es: 'Aprobado', ja: '合格' },
  'scoreResult.failed': { zh: '不合格', en: 'Failed', es: 'Suspendido', ja: '不合格' },
  'scoreResult.absent': { zh: '缺考', en: 'Absent', es: 'Ausente', ja: '欠席' },
  'scoreResult.cheating': { zh: '违纪', en: 'Misconduct', es: 'Infracción', ja: '不正行為' },
} as const satisfies Record<string, Entry>;

const ORDERS = {
  'order.enrollmentFee': {
    zh: '{plan} 报名费',
    en: 'Registration fee: {plan}',
    es: 'Tasa de inscripción: {plan}',
    ja: '{plan} 受験料',
  },
  'order.courseFee': {
    zh: '{course} 课程费',
    en: 'Course fee: {course}',
    es: 'Precio del curso: {course}',
    ja: '{course} 受講料',
  },
  'order.classFee': {
    zh: '{class} 培训费',
    en: 'Training fee: {class}',
    es: 'Tasa de formación: {class}',
    ja: '{class} 研修費',
  },
} as const satisfies Record<string, Entry>;

const TICKET = {
  'ticket.title': {
    zh: '职业技能等级认定 准考证',
    en: 'Vocational Skill Level Assessment — Admission Ticket',
    es: 'Evaluación de nivel de competencia profesional — Carné de examen',
    ja: '職業技能等級認定 受験票',
  },
  'ticket.number': { zh: '准考证号', en: 'Ticket number', es: 'Número de carné', ja: '受験番号' },
  'ticket.name': { zh: '姓名', en: 'Name', es: 'Nombre', ja: '氏名' },
  'ticket.idNumber': { zh: '身份证号', en: 'ID number', es: 'Número de identidad', ja: '身分証番号' },
  'ticket.occupation': { zh: '职业（工种）', en: 'Occupation', es: 'Ocupación', ja: '職業（職種）' },
  'ticket.level': { zh: '等级', en: 'Level', es: 'Nivel', ja: '等級' },
  'ticket.site': { zh: '考点', en: 'Exam site', es: 'Sede del examen', ja: '試験会場' },
  'ticket.siteAddress': { zh: '考点地址', en: 'Site address', es: 'Dirección de la sede', ja: '会場住所' },
  'ticket.photo': { zh: '照片', en: 'Photo', es: 'Foto', ja: '写真' },
  'ticket.scanToVerify': {
    zh: '扫码验证真伪',
    en: 'Scan to verify',
    es: 'Escanee para verificar',
    ja: 'スキャンして真偽を確認',
  },
  'ticket.schedule': { zh: '考试安排', en: 'Exam schedule', es: 'Calendario de exámenes', ja: '試験日程' },
  'ticket.column.subject': { zh: '科目', en: 'Subject', es: 'Materia', ja: '科目' },
  'ticket.column.session': { zh: '场次', en: 'Session', es: 'Sesión', ja: '回' },
  'ticket.column.time': { zh: '时间', en: 'Time', es: 'Hora', ja: '時間' },
  'ticket.column.room': { zh: '考场', en: 'Room', es: 'Aula', ja: '試験室' },
  // The seat column is narrow (a seat number): its heading is kept short in every language.
  'ticket.column.seat': { zh: '座位号', en: 'Seat', es: 'Sitio', ja: '座席' },
  'ticket.footer': {
    zh: '发证时间：{issued}    验证地址：{url}',
    en: 'Issued on {issued}    Verify at {url}',
    es: 'Emitido el {issued}    Verificación: {url}',
    ja: '発行日：{issued}    確認先：{url}',
  },
  'sessionKind.theory': { zh: '理论知识考试', en: 'Theory exam', es: 'Examen teórico', ja: '理論試験' },
  'sessionKind.practical': {
    zh: '操作技能考核',
    en: 'Practical skills test',
    es: 'Prueba práctica',
    ja: '実技試験',
  },
  'ticket.rulesHeading': {
    zh: '考生须知',
    en: 'Instructions for candidates',
    es: 'Instrucciones para los candidatos',
    ja: '受験者への注意事項',
  },
  'ticket.rule.1': {
    zh: '考生须凭本准考证和有效身份证件原件参加考试，两证缺一不得入场。',
    en: 'Bring this admission ticket and the original of your valid identity document to the exam; without both you will not be admitted.',
    es: 'Para presentarse al examen traiga este carné de examen y el original de un documento de identidad válido; sin ambos no podrá entrar.',
    ja: '本受験票と有効な身分証明書の原本を持参してください。どちらかが欠けている場合は入場できません。',
  },
  'ticket.rule.2': {
    zh: '考生须在考试开始前 30 分钟到达考场，开考 15 分钟后不得入场。',
    en: 'Arrive at the exam room 30 minutes before the exam starts; no one is admitted later than 15 minutes after the start.',
    es: 'Llegue al aula 30 minutos antes del inicio del examen; pasados 15 minutos desde el inicio no se permite la entrada.',
    ja: '試験開始の 30 分前までに試験室に到着してください。試験開始 15 分後以降は入場できません。',
  },
  'ticket.rule.3': {
    zh: '考生按准考证上的考场和座位号就座，并将准考证和身份证件放在桌面左上角以备核验。',
    en: 'Sit in the room and at the seat shown on this ticket, and place the ticket and your identity document at the top left of the desk for checking.',
    es: 'Siéntese en el aula y el asiento indicados en este carné y coloque el carné y el documento de identidad en la esquina superior izquierda de la mesa para su verificación.',
    ja: '受験票に記載された試験室と座席番号に着席し、受験票と身分証明書を机の左上に置いて確認に備えてください。',
  },
  'ticket.rule.4': {
    zh: '除规定的文具外，不得携带手机等通讯工具、电子设备及书籍资料进入考场。',
    en: 'Apart from the permitted stationery, do not bring mobile phones or other communication devices, electronic devices, books or notes into the exam room.',
    es: 'Salvo el material de escritura permitido, no se pueden llevar al aula teléfonos móviles ni otros dispositivos de comunicación, aparatos electrónicos, libros o apuntes.',
    ja: '指定された文房具以外、携帯電話などの通信機器、電子機器、書籍・資料を試験室に持ち込むことはできません。',
  },
  'ticket.rule.5': {
    zh: '考试期间须遵守考场纪律，服从考务人员管理；违纪、作弊者按有关规定处理，成绩无效。',
    en: 'Keep to the exam room rules and follow the instructions of the exam staff; misconduct and cheating are dealt with under the relevant regulations and the result is void.',
    es: 'Durante el examen respete las normas del aula y siga las indicaciones del personal; las infracciones y el fraude se sancionan según la normativa y el resultado se anula.',
    ja: '試験中は試験室の規律を守り、試験係員の指示に従ってください。規律違反や不正行為は関係規定により処分され、成績は無効となります。',
  },
} as const satisfies Record<string, Entry>;

/** Each notification the platform sends has a `.title` and a `.body` entry under `notification.<name>`. */
const NOTIFICATIONS = {
  'notification.enrollmentApproved.title': {
    zh: '报名审核通过',
    en: 'Registration approved',
    es: 'Inscripción aprobada',
    ja: '申込が承認されました',
  },
  'notification.enrollmentApproved.body': {
    zh: '您报名的「{plan}」已通过审核，请在报名截止前完成缴费（{amount} 元）。',
    en: 'Your registration for "{plan}" has been approved. Please pay the fee (CNY {amount}) before registration closes.',
    es: 'Su inscripción en «{plan}» ha sido aprobada. Pague la tasa ({amount} CNY) antes del cierre de la inscripción.',
    ja: '「{plan}」への申込が承認されました。申込締切までに受験料（{amount} 元）をお支払いください。',
  },
  'notification.enrollmentApprovedFree.title': {
    zh: '报名审核通过',
    en: 'Registration approved',
    es: 'Inscripción aprobada',
    ja: '申込が承認されました',
  },
  'notification.enrollmentApprovedFree.body': {
    zh: '您报名的「{plan}」已通过审核，本计划免收报名费，请留意准考证发放通知。',
    en: 'Your registration for "{plan}" has been approved. This plan charges no fee; watch for the notice that your admission ticket has been issued.',
    es: 'Su inscripción en «{plan}» ha sido aprobada. Este plan no cobra tasa; esté atento al aviso de emisión de su carné de examen.',
    ja: '「{plan}」への申込が承認されました。この計画は受験料無料です。受験票発行のお知らせをお待ちください。',
  },
  'notification.enrollmentRejected.title': {
    zh: '报名审核未通过',
    en: 'Registration not approved',
    es: 'Inscripción no aprobada',
    ja: '申込が承認されませんでした',
  },
  'notification.enrollmentRejected.body': {
    zh: '您报名的「{plan}」未通过审核，原因：{reason}。请在报名截止前修改后重新提交。',
    en: 'Your registration for "{plan}" was not approved. Reason: {reason}. Please correct it and submit it again before registration closes.',
    es: 'Su inscripción en «{plan}» no ha sido aprobada. Motivo: {reason}. Corríjala y vuelva a enviarla antes del cierre de la inscripción.',
    ja: '「{plan}」への申込は承認されませんでした。理由：{reason}。申込締切までに修正して再提出してください。',
  },
  'notification.paymentSucceeded.title': {
    zh: '缴费成功',
    en: 'Payment received',
    es: 'Pago recibido',
    ja: 'お支払いが完了しました',
  },
  'notification.paymentSucceeded.body': {
    zh: '您已成功支付「{item}」费用 {amount} 元，订单号 {orderNo}。',
    en: 'You have paid CNY {amount} for "{item}". Order number {orderNo}.',
    es: 'Ha pagado {amount} CNY por «{item}». Número de pedido {orderNo}.',
    ja: '「{item}」の料金 {amount} 元のお支払いが完了しました。注文番号 {orderNo}。',
  },
  'notification.ticketsIssued.title': {
    zh: '准考证已发放：{plan}',
    en: 'Admission ticket issued: {plan}',
    es: 'Carné de examen emitido: {plan}',
    ja: '受験票発行：{plan}',
  },
  'notification.ticketsIssued.body': {
    zh: '您报名的「{occupation}（{level}）」准考证已发放，首场考试 {firstExam}，请按时下载打印准考证。',
    en: 'Your admission ticket for "{occupation} ({level})" has been issued. Your first exam is at {firstExam}; please download and print the ticket in good time.',
    es: 'Se ha emitido su carné de examen de «{occupation} ({level})». Su primer examen es el {firstExam}; descárguelo e imprímalo a tiempo.',
    ja: '「{occupation}（{level}）」の受験票が発行されました。最初の試験は {firstExam} です。早めに受験票をダウンロードして印刷してください。',
  },
  'notification.scoresPublished.title': {
    zh: '成绩已发布：{plan}',
    en: 'Results published: {plan}',
    es: 'Resultados publicados: {plan}',
    ja: '成績発表：{plan}',
  },
  'notification.scoresPublished.body': {
    zh: '您参加的「{occupation}（{level}）」考核成绩已发布，请到“成绩查询”查看。',
    en: 'Your results for "{occupation} ({level})" have been published; see them under "Exam results".',
    es: 'Se han publicado sus resultados de «{occupation} ({level})»; consúltelos en «Resultados».',
    ja: '「{occupation}（{level}）」の成績が発表されました。「成績照会」でご確認ください。',
  },
  'notification.scoreCorrected.title': {
    zh: '成绩更正：{plan}',
    en: 'Result corrected: {plan}',
    es: 'Resultado corregido: {plan}',
    ja: '成績訂正：{plan}',
  },
  'notification.scoreCorrected.body': {
    zh: '您的「{occupation}（{level}）」成绩已更正，当前结果：{result}。',
    en: 'Your result for "{occupation} ({level})" has been corrected. Current result: {result}.',
    es: 'Se ha corregido su resultado de «{occupation} ({level})». Resultado actual: {result}.',
    ja: '「{occupation}（{level}）」の成績が訂正されました。現在の結果：{result}。',
  },
  'notification.certificateIssued.title': {
    zh: '证书已发放：{occupation}（{level}）',
    en: 'Certificate issued: {occupation} ({level})',
    es: 'Certificado emitido: {occupation} ({level})',
    ja: '証書発行：{occupation}（{level}）',
  },
  'notification.certificateIssued.body': {
    zh: '恭喜您通过「{plan}」，职业技能等级证书已发放，证书编号 {number}，可在“成绩查询”中下载电子证书。',
    en: 'Congratulations on passing "{plan}". Your vocational skill level certificate number {number} has been issued; download it under "Exam results".',
    es: 'Enhorabuena por aprobar «{plan}». Se ha emitido su certificado de nivel de competencia profesional número {number}; descárguelo en «Resultados».',
    ja: '「{plan}」合格おめでとうございます。職業技能等級証書（番号 {number}）が発行されました。「成績照会」から電子証書をダウンロードできます。',
  },
  'notification.certificateRevoked.title': {
    zh: '证书已撤销：{number}',
    en: 'Certificate revoked: {number}',
    es: 'Certificado revocado: {number}',
    ja: '証書取消：{number}',
  },
  'notification.certificateRevoked.body': {
    zh: '您的证书（编号 {number}）已被撤销，原因：{reason}。如有疑问请联系考务管理部门。',
    en: 'Your certificate (number {number}) has been revoked. Reason: {reason}. If you have any questions, please contact the exam administration office.',
    es: 'Su certificado (número {number}) ha sido revocado. Motivo: {reason}. Si tiene dudas, póngase en contacto con la oficina de administración de exámenes.',
    ja: 'あなたの証書（番号 {number}）は取り消されました。理由：{reason}。ご不明な点は試験管理部門にお問い合わせください。',
  },
  'notification.classCompleted.title': {
    zh: '结业确认：{class}',
    en: 'Completion confirmed: {class}',
    es: 'Finalización confirmada: {class}',
    ja: '修了確認：{class}',
  },
  'notification.classCompleted.body': {
    zh: '恭喜您完成「{class}」的培训，结业编号 {number}，可在班级详情中下载结业证书。',
    en: 'Congratulations on completing "{class}". Your completion number is {number}; download the completion certificate on the class page.',
    es: 'Enhorabuena por completar «{class}». Su número de finalización es {number}; descargue el certificado en la página de la clase.',
    ja: '「{class}」の研修修了おめでとうございます。修了番号は {number} です。クラスの詳細ページから修了証書をダウンロードできます。',
  },
  'notification.feedbackReplied.title': {
    zh: '您的工单 #{id} 有新回复',
    en: 'New reply to your feedback #{id}',
    es: 'Nueva respuesta a su solicitud n.º {id}',
    ja: 'お問い合わせ #{id} に新しい返信があります',
  },
  'notification.feedbackReplied.body': {
    zh: '工作人员回复了您提交的意见反馈（工单 #{id}），请到“意见反馈”查看。',
    en: 'Staff replied to your feedback (#{id}). Open "Feedback" to read it.',
    es: 'El personal respondió a su solicitud (n.º {id}). Abra «Comentarios» para leerla.',
    ja: 'お問い合わせ（#{id}）に担当者が返信しました。「ご意見・お問い合わせ」でご確認ください。',
  },
  'notification.jobApplied.title': {
    zh: '新的岗位申请：{job}',
    en: 'New job application: {job}',
    es: 'Nueva solicitud de empleo: {job}',
    ja: '新しい求人応募：{job}',
  },
  'notification.jobApplied.body': {
    zh: '{learner}（手机 {phone}）申请了{employer}的岗位「{job}」。请转告用人单位联系人：{contact}。',
    en: '{learner} (mobile {phone}) applied for "{job}" at {employer}. Please pass it on to the employer contact: {contact}.',
    es: '{learner} (móvil {phone}) solicitó el puesto «{job}» en {employer}. Comuníquelo al contacto de la empresa: {contact}.',
    ja: '{learner}（携帯 {phone}）が{employer}の求人「{job}」に応募しました。雇用主の連絡先にお伝えください：{contact}。',
  },
  'notification.feedbackFiled.title': {
    zh: '新的工单 #{id}',
    en: 'New feedback #{id}',
    es: 'Nueva solicitud n.º {id}',
    ja: '新しいお問い合わせ #{id}',
  },
  'notification.feedbackFiled.body': {
    zh: '{name} 提交了工单：{excerpt}',
    en: '{name} filed feedback: {excerpt}',
    es: '{name} envió una solicitud: {excerpt}',
    ja: '{name} がお問い合わせを送信しました：{excerpt}',
  },
  'notification.feedbackFollowedUp.title': {
    zh: '工单 #{id} 有提交人的新回复',
    en: 'The submitter replied to feedback #{id}',
    es: 'El remitente respondió a la solicitud n.º {id}',
    ja: 'お問い合わせ #{id} に送信者から返信があります',
  },
  'notification.feedbackFollowedUp.body': {
    zh: '{name}：{excerpt}',
    en: '{name}: {excerpt}',
    es: '{name}: {excerpt}',
    ja: '{name}：{excerpt}',
  },
} as const satisfies Record<string, Entry>;

export const MESSAGES = {
  ...SKILL_LEVELS,
  ...SCORE_RESULTS,
  ...ORDERS,
  ...TICKET,
  ...NOTIFICATIONS,
} as const satisfies Record<string, Entry>;

export type MessageKey = keyof typeof MESSAGES;

/** A parameter that is itself a catalogue entry (a skill level, a score's result). */
export interface MessageRef {
  t: MessageKey;
}
export type MessageParam = string | number | MessageRef;
export type MessageParams = Readonly<Record<string, MessageParam>>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

function isMessageRef(value: unknown): value is MessageRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { t?: unknown }).t === 'string' &&
    isMessageKey((value as { t: string }).t)
  );
}

/** The entry in `lang` with its `{name}` parameters filled in; an unknown parameter is left as written. */
export function t(lang: Language, key: MessageKey, params: Readonly<Record<string, unknown>> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (isMessageRef(value)) return t(lang, value.t);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** A skill level's name (国家职业技能等级 1-5); an unknown level reads as its number. */
export function skillLevelName(lang: Language, level: number): string {
  const key = `skillLevel.${level}`;
  return isMessageKey(key) ? t(lang, key) : String(level);
}

export const skillLevelRef = (level: number): MessageParam => {
  const key = `skillLevel.${level}`;
  return isMessageKey(key) ? { t: key } : String(level);
};

/** The admission ticket's rules (考生须知), in order. */
export const TICKET_RULE_KEYS = [
  'ticket.rule.1',
  'ticket.rule.2',
  'ticket.rule.3',
  'ticket.rule.4',
  'ticket.rule.5',
] as const satisfies readonly MessageKey[];

export const ticketRules = (lang: Language): string[] => TICKET_RULE_KEYS.map((key) => t(lang, key));
