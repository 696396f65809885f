// The portal header's navigation items written in the back office (custom pages and external links),
// GET /v1/portal/nav: the same for every visitor; a failed call leaves the header with its own items.
import { publicNavAnswer, type PublicNavItem } from '../../../shared/custom-pages/schema.ts';
import { api } from '../api/client.ts';
import { useRead } from '../data/use-read.ts';

export type { PublicNavItem } from '../../../shared/custom-pages/schema.ts';

const fetchPortalNav = () => api.get('/v1/portal/nav', publicNavAnswer, { silent: true });
const NAV_QUERY = { key: 'portal-nav', fetch: fetchPortalNav };

export function usePortalNav(): PublicNavItem[] {
  return useRead(NAV_QUERY).data?.data ?? [];
}

/** An external item opens in a new tab without handing over this page (spec §5 external links). */
export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;
