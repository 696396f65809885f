import { Collapse, Menu, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { MenuItem } from '../../../../shared/menus/schema.ts';
import { Logo } from '../../../lib/components/Logo.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import classes from './ManageLayout.module.css';
import { menuIcon } from './menu-icons.ts';
import { containsLink, HOME_PATH, linkOf, visibleChildren } from './menu-model.ts';
import { useMenuTitle, type MenuTitle } from './menu-title.ts';

interface SidebarProps {
  items: MenuItem[];
  activeLink: string | undefined;
  /** Icons only (desktop, closed). */
  collapsed: boolean;
  showLogo: boolean;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function Sidebar({ items, activeLink, collapsed, showLogo, onNavigate }: SidebarProps) {
  const t = useT();
  const title = useMenuTitle();
  return (
    <>
      {showLogo && (
        <Link
          href={HOME_PATH}
          className={`${classes.sidebarLogo} ${collapsed ? classes.sidebarLogoCollapsed : ''}`}
          data-testid="sidebar-logo"
          onClick={onNavigate}
        >
          <Logo size={26} />
          {!collapsed && <span title={t('common.platformTitle')}>{t('common.platformTitle')}</span>}
        </Link>
      )}
      <ScrollArea style={{ flex: 1 }} scrollbarSize={6} type="hover">
        <nav aria-label={t('manage.systemTabs')} data-testid="sidebar-menu">
          {items.length === 0 && !collapsed && (
            <Text size="xs" c="gray.5" p="md">
              {t('manage.sidebar.empty')}
            </Text>
          )}
          {items.map((item) => (
            <SidebarEntry
              key={item.name}
              item={item}
              activeLink={activeLink}
              collapsed={collapsed}
              title={title}
              onNavigate={onNavigate}
            />
          ))}
        </nav>
      </ScrollArea>
    </>
  );
}

interface EntryProps {
  item: MenuItem;
  activeLink: string | undefined;
  collapsed: boolean;
  title: MenuTitle;
  nested?: boolean;
  onNavigate?: () => void;
}

function SidebarEntry({ item, activeLink, collapsed, title, nested = false, onNavigate }: EntryProps) {
  const children = visibleChildren(item);
  const label = title(item.name, item.meta.title);
  const Icon = menuIcon(item.meta.icon);
  const holdsActive = containsLink(item, activeLink);
  // Groups open by themselves when they hold the current page or are marked open (finance, spec §2).
  const [isOpen, setOpen] = useState(item.meta.opened || holdsActive);
  const [heldActive, setHeldActive] = useState(holdsActive);
  if (heldActive !== holdsActive) {
    // Navigating into the group opens it; the user may still fold it afterwards.
    setHeldActive(holdsActive);
    if (holdsActive) setOpen(true);
  }

  if (children.length === 0) {
    const link = linkOf(item);
    const active = link === activeLink;
    const anchor = (
      <Link
        href={link}
        className={[
          classes.menuLink,
          nested && !collapsed ? classes.menuLinkNested : '',
          active ? classes.menuLinkActive : '',
          collapsed ? classes.menuLinkCollapsed : '',
        ].join(' ')}
        aria-current={active ? 'page' : undefined}
        data-testid={`sidebar-item-${item.name}`}
        data-active={active || undefined}
        onClick={onNavigate}
      >
        <Icon size={18} stroke={1.6} />
        {!collapsed && <span className={classes.menuLabel}>{label}</span>}
      </Link>
    );
    return collapsed && !nested ? (
      <Tooltip label={label} position="right" withArrow>
        {anchor}
      </Tooltip>
    ) : (
      anchor
    );
  }

  if (collapsed) {
    // Icons only: a group shows its pages in a flyout.
    return (
      <Menu position="right-start" trigger="hover" openDelay={50} closeDelay={150} withinPortal>
        <Menu.Target>
          <UnstyledButton
            className={`${classes.menuLink} ${classes.menuLinkCollapsed} ${holdsActive ? classes.menuLinkActive : ''}`}
            aria-label={label}
            data-testid={`sidebar-group-${item.name}`}
          >
            <Icon size={18} stroke={1.6} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{label}</Menu.Label>
          {children.map((child) => {
            const ChildIcon = menuIcon(child.meta.icon);
            const link = linkOf(child);
            return (
              <Menu.Item
                key={child.name}
                component={Link}
                href={link}
                leftSection={<ChildIcon size={16} />}
                fw={link === activeLink ? 600 : undefined}
                c={link === activeLink ? 'var(--mantine-primary-color-filled)' : undefined}
                data-testid={`sidebar-item-${child.name}`}
                onClick={onNavigate}
              >
                {title(child.name, child.meta.title)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <div>
      <UnstyledButton
        className={`${classes.menuLink} ${nested ? classes.menuLinkNested : ''} ${holdsActive ? classes.menuLinkActive : ''}`}
        onClick={() => setOpen(!isOpen)}
        aria-expanded={isOpen}
        data-testid={`sidebar-group-${item.name}`}
      >
        <Icon size={18} stroke={1.6} />
        <span className={classes.menuLabel}>{label}</span>
        <IconChevronRight size={14} className={`${classes.chevron} ${isOpen ? classes.chevronOpen : ''}`} />
      </UnstyledButton>
      <Collapse expanded={isOpen}>
        {children.map((child) => (
          <SidebarEntry
            key={child.name}
            item={child}
            activeLink={activeLink}
            collapsed={false}
            title={title}
            nested
            onNavigate={onNavigate}
          />
        ))}
      </Collapse>
    </div>
  );
}
