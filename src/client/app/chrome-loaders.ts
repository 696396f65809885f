// The login page's and the two chromes' chunks: rendered by routes.tsx, requested early by the route
// preloader (preload-route.ts) through the same loaders, so a chunk already there renders at once
// (page-registry.ts). Read by the build too (scripts/web/lazy-modules.ts).
export const chromeLoaders = {
  login: () => import('../features/auth/pages/LoginPage.tsx'),
  // The learner chrome is its own chunk: the login pages and the back office never download it.
  userCenter: () => import('./layouts/learner/UserCenterArea.tsx'),
  // The back-office chrome, with its page registry, is its own chunk: learner pages never download it.
  manage: () => import('./layouts/manage/ManageArea.tsx'),
};
