// The menu and header-tab answers are read through their shared schemas: an answer without a tree keeps
// the spec's message (§8 "roles must be a non-null array"), a tree whose item drifted from the schema says
// so, and a drifted sidebar answer leaves the tabs the device already knows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadHeaderTabs, headerTabs } from '../../../../../src/client/app/layouts/manage/header-tabs.ts';
import { loadMenus, menuTree } from '../../../../../src/client/app/menus/state.ts';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { AnswerShapeError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { resetAllSessions, storeLogin } from '../../../../../src/client/lib/state/session.ts';
import { idbGet, idbSet } from '../../../../../src/client/lib/storage.ts';
import type { HeaderTab } from '../../../../../src/shared/menus/schema.ts';

const answering = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );

const tab = (key: string, index: number): HeaderTab => ({
  index,
  key,
  title: key,
  landing: `/manage/${key}`,
  enabled: true,
  visible: true,
});

describe('menu and header-tab answers', () => {
  beforeEach(() => {
    resetAllSessions();
    setLanguage('en');
    storeLogin('administrators', { access_token: 'adm' });
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
    menuTree.value = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an answer without a tree fails with the roles message, the drift kept as its cause', async () => {
    answering({ menus: [] });
    const error = await loadMenus().catch((e: unknown) => e);
    expect((error as Error).message).toBe('getInfo: roles must be a non-null array!');
    expect((error as Error).cause).toBeInstanceOf(AnswerShapeError);
    expect(menuTree.value).toEqual([]);
  });

  it('a tree with a drifted item fails with the drift itself, and the tree is not taken', async () => {
    answering({ data: [{ path: '/manage/index', name: 'Home' }] });
    const error = await loadMenus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerShapeError);
    expect((error as AnswerShapeError).issues[0]!.path[0]).toBe('data');
    expect(menuTree.value).toEqual([]);
  });

  it('header tabs: the answer’s tabs are shown and kept; a drifted answer leaves the stored ones', async () => {
    answering({ system: 1, sidebar: [], tabs: [tab('exam', 1)] });
    await loadHeaderTabs('admin:1', 1);
    expect(headerTabs.value).toEqual([tab('exam', 1)]);
    expect(await idbGet('menus', 'tabs:admin:1')).toEqual([tab('exam', 1)]);

    await idbSet('menus', 'tabs:admin:2', [tab('settings', 5)]);
    answering({ system: 1, sidebar: [], tabs: [{ key: 'exam' }] });
    await loadHeaderTabs('admin:2', 1);
    expect(headerTabs.value).toEqual([tab('settings', 5)]);
    expect(await idbGet('menus', 'tabs:admin:2')).toEqual([tab('settings', 5)]);
  });
});
