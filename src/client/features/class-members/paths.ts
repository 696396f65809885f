// The class pages' addresses: the class detail and the class records are hidden pages opened with ?id=.
export const classInfoPath = (classId: number) => `/manage/trainingManage/classes/info?id=${classId}`;
export const classRecordPath = (classId: number) =>
  `/manage/trainingManage/classes/classRecord?id=${classId}`;

/** The class id of a page's ?id=, or null. */
export const classIdParam = (raw: string | null) => {
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};

/** The invitation link a learner opens (the page's origin before the server's path). */
export const invitationLink = (origin: string, joinPath: string) => `${origin}${joinPath}`;
