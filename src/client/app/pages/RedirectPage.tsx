import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * /redirect/{path}: replaces itself with /{path} (keeping the query), so the target page unmounts and
 * mounts again. The tags view's "refresh" uses it.
 */
export function RedirectPage({ path }: { path: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const target = `/${path.replace(/^\/redirect\/?/, '')}`;
    navigate(search ? `${target}?${search}` : target, { replace: true });
  }, [navigate, path, search]);
  return null;
}
