import { describe, expect, it } from 'vitest';
import { resumePosition } from '../../../../../src/client/features/learning/components/VideoPlayer.tsx';
import { firstLessonId, idParam, loginHref } from '../../../../../src/client/features/learning/links.ts';

const lesson = (id: number) => ({
  id,
  title: `课时 ${id}`,
  kind: 'video' as const,
  duration_seconds: 40,
  free_preview: false,
  no_seek_ahead: false,
  progress: null,
});

describe('course links', () => {
  it('reads a valid ?id= only', () => {
    expect(idParam('?id=12')).toBe(12);
    expect(idParam('id=7&x=1')).toBe(7);
    expect(idParam('')).toBeNull();
    expect(idParam('?id=abc')).toBeNull();
    expect(idParam('?id=-3')).toBeNull();
    expect(idParam('?id=1.5')).toBeNull();
  });

  it('starts a course at the first lesson of the first chapter that has one', () => {
    expect(firstLessonId({ chapters: [] })).toBeNull();
    expect(
      firstLessonId({
        chapters: [
          { id: 1, title: '空章节', lessons: [] },
          { id: 2, title: '第二章', lessons: [lesson(9), lesson(4)] },
        ],
      }),
    ).toBe(9);
  });

  it('comes back after login and opens the order in the pay flow', () => {
    expect(loginHref('/courseDetail?id=3')).toBe('/login?redirect=%2FcourseDetail%3Fid%3D3');
  });
});

describe('resume position', () => {
  it('resumes where the learner stopped, from the start after (nearly) the end', () => {
    expect(resumePosition(0, 40)).toBe(0);
    expect(resumePosition(25.5, 40)).toBe(25.5);
    expect(resumePosition(38, 40)).toBe(0);
    expect(resumePosition(Number.NaN, 40)).toBe(0);
  });
});
