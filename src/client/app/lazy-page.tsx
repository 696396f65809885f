import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyPage, type PageLoader as PageModuleLoader } from './page-registry.ts';
import { NotFoundPage } from './pages/ErrorPage.tsx';

/** The spinner shown while a page chunk or the guard is loading. */
export function PageLoader() {
  return (
    <Center mih="40vh" data-testid="page-loading">
      <Loader />
    </Center>
  );
}

export function LazyPage({
  loader,
  props,
}: {
  loader: PageModuleLoader | undefined;
  props?: Record<string, unknown>;
}) {
  if (!loader) return <NotFoundPage />;
  const Page = lazyPage(loader);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page {...props} />
    </Suspense>
  );
}
