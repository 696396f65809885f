// The course form's values (as the inputs hold them) and the request body they stand for, which the shared
// schema checks in the form: the price typed in yuan goes out in fen; no occupation means no level.
import type { CourseInput, CourseView } from './api.ts';

export interface CourseFormValues {
  title: string;
  cover: { id: string; url: string } | null;
  /** '' for none. */
  occupation_id: string;
  level: string;
  category: string;
  introduction: string;
  /** Yuan, as typed ('' = not typed yet). */
  price_yuan: number | string;
  teachers: { name: string; title: string }[];
}

export const emptyCourseForm = (): CourseFormValues => ({
  title: '',
  cover: null,
  occupation_id: '',
  level: '',
  category: '',
  introduction: '',
  price_yuan: 0,
  teachers: [],
});

export const courseFormFrom = (course: CourseView): CourseFormValues => ({
  title: course.title,
  cover:
    course.cover_upload_id && course.cover_url ? { id: course.cover_upload_id, url: course.cover_url } : null,
  occupation_id: course.occupation_id ? String(course.occupation_id) : '',
  level: course.level ? String(course.level) : '',
  category: course.category,
  introduction: course.introduction,
  price_yuan: course.price_fen / 100,
  teachers: course.teachers.map((t) => ({ ...t })),
});

/** Yuan to whole fen; what is not a number is sent as it is, for the schema to refuse. */
export const yuanToFen = (yuan: number | string): number =>
  yuan === '' ? Number.NaN : Math.round(Number(yuan) * 100);

export const courseRequest = (values: CourseFormValues): CourseInput => ({
  title: values.title,
  cover_upload_id: values.cover?.id ?? null,
  occupation_id: values.occupation_id ? Number(values.occupation_id) : null,
  level: values.occupation_id && values.level ? Number(values.level) : null,
  category: values.category,
  introduction: values.introduction,
  price_fen: yuanToFen(values.price_yuan),
  teachers: values.teachers,
});

/** ¥12.50, or the free label. */
export const priceText = (fen: number, freeLabel: string) =>
  fen === 0 ? freeLabel : `¥${(fen / 100).toFixed(2)}`;

/** m:ss or h:mm:ss. */
export function durationText(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
