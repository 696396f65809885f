// A score's result and the scores page's words in Chinese, in one place for the page
// (src/client/features/scores, its message table in src/client/features/scores/messages.ts) and for
// the result the server writes (shared/scores/schema.ts), so the two always say the same. No imports: the
// page's chunk stays free of the schemas. `{{name}}` marks a parameter.
export const SCORE_MESSAGES_ZH = {
  title: '成绩查询',
  empty: '暂无已公布的成绩',
  plan: '考试计划',
  examDate: '考试日期',
  theory: '理论成绩',
  practical: '实操成绩',
  total: '总成绩',
  result: '结果',
  passLines: '合格线：理论 {{theory}}，实操 {{practical}}',
  passed: '合格',
  failed: '不合格',
  absent: '缺考',
  cheating: '违纪',
  certificate: '证书',
  certificateNo: '证书编号',
  certificateIssued: '发证日期',
  revoked: '已撤销',
  downloadCertificate: '下载证书 PDF',
  noCertificate: '证书尚未颁发',
  downloadFailed: '证书下载失败，请稍后重试',
};

export type ScoreResultKey = 'passed' | 'failed' | 'absent' | 'cheating';

/** A score's result: absent and cheating come before the marks. */
export function scoreResultKey(score: {
  absent: boolean;
  cheating: boolean;
  passed: boolean;
}): ScoreResultKey {
  if (score.absent) return 'absent';
  if (score.cheating) return 'cheating';
  return score.passed ? 'passed' : 'failed';
}
