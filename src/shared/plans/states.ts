// The plan's states and their names, apart from the plan schema: the enrolment answers carry their plan's
// state, and the plan schema itself imports the enrolment form keys.
export const PLAN_STATES = [
  'draft',
  'published',
  'registration_closed',
  'tickets_issued',
  'exam_held',
  'scores_published',
  'certificates_issued',
  'archived',
] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  draft: '草稿',
  published: '已发布',
  registration_closed: '报名已截止',
  tickets_issued: '已发准考证',
  exam_held: '已考试',
  scores_published: '成绩已发布',
  certificates_issued: '证书已发放',
  archived: '已归档',
};
