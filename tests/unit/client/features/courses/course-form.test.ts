import { describe, expect, it } from 'vitest';
import { courseInputSchema, lessonInputSchema } from '../../../../../src/shared/courses/schema.ts';
import {
  courseRequest,
  durationText,
  emptyCourseForm,
  priceText,
  yuanToFen,
} from '../../../../../src/client/features/courses/course-form.ts';
import { emptyLessonForm, lessonRequest } from '../../../../../src/client/features/courses/lesson-form.ts';

describe('course form', () => {
  it('sends the price typed in yuan as whole fen', () => {
    expect(yuanToFen(19.9)).toBe(1990);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen(0)).toBe(0);
    expect(Number.isNaN(yuanToFen(''))).toBe(true);
    expect(priceText(0, '免费')).toBe('免费');
    expect(priceText(1990, '免费')).toBe('¥19.90');
  });

  it('sends no level without an occupation, and the schema asks for a level with one', () => {
    const values = { ...emptyCourseForm(), title: '课程', level: '4' };
    expect(courseRequest(values)).toMatchObject({ occupation_id: null, level: null, price_fen: 0 });
    const withOccupation = courseInputSchema.safeParse(
      courseRequest({ ...values, occupation_id: '3', level: '' }),
    );
    expect(withOccupation.success).toBe(false);
    expect(withOccupation.error?.issues.map((i) => i.path.join('.'))).toContain('level');
    const empty = courseInputSchema.safeParse(courseRequest({ ...values, price_yuan: '' }));
    expect(empty.error?.issues.map((i) => i.path.join('.'))).toContain('price_fen');
  });

  it('shows durations as m:ss or h:mm:ss', () => {
    expect(durationText(40.4)).toBe('0:40');
    expect(durationText(600)).toBe('10:00');
    expect(durationText(3725)).toBe('1:02:05');
  });
});

describe('lesson form', () => {
  it('sends only the chosen kind’s file', () => {
    const values = {
      ...emptyLessonForm(7),
      title: '课时',
      video: { id: 3, title: '视频', duration_seconds: 40, poster_url: null },
      document: { id: '00000000-0000-4000-8000-000000000000', url: '', name: 'a.pdf' },
    };
    expect(lessonRequest(values)).toMatchObject({
      chapter_id: 7,
      kind: 'video',
      video_id: 3,
      document_upload_id: null,
      reading_minutes: null,
    });
    const document = lessonRequest({ ...values, kind: 'document', reading_minutes: 5 });
    expect(document).toMatchObject({ video_id: null, reading_minutes: 5 });
    expect(lessonInputSchema.safeParse(document).success).toBe(true);
    const noVideo = lessonInputSchema.safeParse(lessonRequest({ ...values, video: null }));
    expect(noVideo.error?.issues.map((i) => i.path.join('.'))).toEqual(['video_id']);
  });
});
