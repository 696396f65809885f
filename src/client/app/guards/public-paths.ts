// Pages reachable without login (spec §2), including the hidden public ones.
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/login',
  '/enroll',
  '/externalLogin',
  '/manage/testLogin',
  '/sign',
  '/jobDetail',
  '/courseDetail',
  '/manage/login',
  '/course',
  '/news',
  '/newsDetail',
  '/404',
  '/401',
  '/logout',
  '/video',
  '/myVideo',
  '/manage/logout',
  '/manage/studentFilesInfo',
  '/certificateVerify',
];

const PUBLIC_SET = new Set(PUBLIC_PATHS);

export function isPublicPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    PUBLIC_SET.has(clean) ||
    clean.startsWith('/redirect/') ||
    clean.startsWith('/verify/') ||
    // Custom pages written in the back office (/pages/<slug>).
    clean.startsWith('/pages/')
  );
}
