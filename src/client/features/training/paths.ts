// The class pages' addresses: the list (with its projects and programs tabs), the class form (add, or set
// with ?id=), the batch pages (setClasses with ?ids=1,2,3) and the pages other features own (info, record).
const CLASSES = '/manage/trainingManage/classes';

export const CLASS_LIST_PATH = `${CLASSES}/index`;
export const CLASS_ADD_PATH = `${CLASSES}/add`;
export const CLASS_ADD_MANY_PATH = `${CLASSES}/addClasses`;
export const classSetPath = (id: number) => `${CLASSES}/set?id=${id}`;
export const classInfoPath = (id: number) => `${CLASSES}/info?id=${id}`;
export const classRecordPath = (id: number) => `${CLASSES}/classRecord?id=${id}`;
export const classesSetPath = (ids: readonly number[]) => `${CLASSES}/setClasses?ids=${ids.join(',')}`;

export const LIST_TABS = ['classes', 'projects', 'programs'] as const;
export type ListTab = (typeof LIST_TABS)[number];
export const isListTab = (value: string | null): value is ListTab =>
  (LIST_TABS as readonly (string | null)[]).includes(value);

/** A page's ?id=, or null. */
export const idParam = (raw: string | null) => {
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};

/** A page's ?ids=1,2,3 (each once, in order), or []. */
export const idsParam = (raw: string | null): number[] => {
  if (!raw || !/^\d{1,9}(,\d{1,9})*$/.test(raw)) return [];
  return [...new Set(raw.split(',').map(Number))].filter((id) => id > 0).slice(0, 200);
};
