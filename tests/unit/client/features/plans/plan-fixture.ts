// One exam plan as the admin detail answer carries it: a published tea-art plan of a college, open for
// registration, no sessions yet. A test changes only what it is about.
import type { ExamPlanDetail } from '../../../../../src/client/features/plans/api.ts';

export function planDetail(patch: Partial<ExamPlanDetail> = {}): ExamPlanDetail {
  return {
    id: 7,
    code: '2026-0007',
    title: '2026 年茶艺师职业技能等级认定',
    occupation: { id: 5, code: '4-03-02-07', name: '茶艺师' },
    level: 4,
    level_name: '四级/中级工',
    organization: { id: 2, name: '江南职业技术学院' },
    registration_starts_at: '2026-10-19T00:00:00.000Z',
    registration_ends_at: '2026-11-18T10:00:00.000Z',
    exam_starts_at: null,
    fee_fen: 22050,
    capacity: 60,
    enrolled_count: 0,
    seats_left: 60,
    required_materials: ['diploma'],
    state: 'published',
    state_name: '报名中',
    registration_open: true,
    allowed_actions: [],
    pass_theory: 60,
    pass_practical: 60,
    form_fields: ['real_name', 'employer'],
    description: '',
    published_at: '2026-10-01T00:00:00.000Z',
    created_at: '2026-10-01T00:00:00.000Z',
    updated_at: '2026-10-01T00:00:00.000Z',
    sessions: [],
    enrollment_counts: {},
    ...patch,
  };
}
