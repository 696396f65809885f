import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import type { Crumb } from './menu-model.ts';
import { useMenuTitle } from './menu-title.ts';

/** The matched menu route's trail: home, its groups, the page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  const title = useMenuTitle();
  return (
    <Breadcrumbs
      separator="/"
      separatorMargin={6}
      aria-label={t('manage.breadcrumb')}
      data-testid="breadcrumb"
      fz="sm"
    >
      {crumbs.map((crumb, i) => {
        const label = title(crumb.name, crumb.title);
        return crumb.link && i < crumbs.length - 1 ? (
          <Anchor key={`${crumb.link}-${i}`} component={Link} href={crumb.link} size="sm" c="dark.4" fw={500}>
            {label}
          </Anchor>
        ) : (
          <Text key={`current-${i}`} size="sm" c="dimmed" aria-current="page">
            {label}
          </Text>
        );
      })}
    </Breadcrumbs>
  );
}
