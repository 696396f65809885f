import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Router, useLocation } from 'wouter';
import {
  backStep,
  hasInAppHistory,
  inAppDepth,
  keepInAppDepth,
  stateForNavigation,
} from '../../../../src/client/app/in-app-history.ts';
import { MobileHeader } from '../../../../src/client/app/layouts/learner/MobileHeader.tsx';
import {
  userCenterBackTargets,
  userCenterParentHref,
} from '../../../../src/client/app/layouts/learner/user-center-paths.ts';
import { setLanguage } from '../../../../src/client/lib/state/preferences.ts';

describe('in-app depth of a history entry', () => {
  it('is 0 for an entry the app did not write (a page opened directly)', () => {
    expect(inAppDepth(null)).toBe(0);
    expect(inAppDepth({ other: 1 })).toBe(0);
    expect(inAppDepth({ inAppDepth: 'x' })).toBe(0);
    expect(inAppDepth({ inAppDepth: -3 })).toBe(0);
  });

  it('grows by one on a push, stays on a replace, and keeps a caller state', () => {
    expect(inAppDepth(stateForNavigation(null, false, undefined))).toBe(1);
    expect(inAppDepth(stateForNavigation({ inAppDepth: 2 }, false, null))).toBe(3);
    expect(inAppDepth(stateForNavigation({ inAppDepth: 2 }, true, null))).toBe(2);
    expect(inAppDepth(stateForNavigation(null, true, null))).toBe(0);
    expect(stateForNavigation({ inAppDepth: 1 }, false, { from: 'list' })).toEqual({
      from: 'list',
      inAppDepth: 2,
    });
  });
});

describe('where back goes (spec §2)', () => {
  it('to the given url first', () => {
    expect(backStep('/', '/userCenter', true)).toEqual({ type: 'navigate', to: '/' });
  });

  it('one step back when that step stays in the app', () => {
    expect(backStep(undefined, '/userCenter', true)).toEqual({ type: 'history' });
  });

  it("to the page's parent when one step back would leave the app", () => {
    expect(backStep(undefined, '/userCenter', false)).toEqual({ type: 'up', to: '/userCenter' });
  });

  it("the user centre's parents: a detail page's list, the overview, the portal", () => {
    expect(userCenterParentHref('myEnrollInfo')).toBe('/userCenter/myEnrollLists');
    expect(userCenterParentHref('myNotifyInfo')).toBe('/userCenter/myNotify');
    expect(userCenterParentHref('myOrder')).toBe('/userCenter');
    expect(userCenterParentHref('nothing')).toBe('/userCenter');
    expect(userCenterParentHref('')).toBe('/');
  });

  it("the phone arrow's targets come from the path it is tapped at", () => {
    expect(userCenterBackTargets('/userCenter')).toEqual({ backUrl: '/', parentUrl: '/' });
    expect(userCenterBackTargets('/userCenter/myNotify')).toEqual({
      backUrl: undefined,
      parentUrl: '/userCenter',
    });
    expect(userCenterBackTargets('/userCenter/myNotifyInfo')).toEqual({
      backUrl: undefined,
      parentUrl: '/userCenter/myNotify',
    });
  });
});

function Where() {
  const [location] = useLocation();
  return <p data-testid="where">{location}</p>;
}

function renderHeader() {
  return render(
    <MantineProvider>
      <Router aroundNav={keepInAppDepth}>
        <MobileHeader title="我的订单" backTargets={userCenterBackTargets} />
        <Link href="/userCenter/myNotify">notifications</Link>
        <Where />
      </Router>
    </MantineProvider>,
  );
}

describe("the phone header's back arrow", () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('on a page opened directly (other sites before it in the tab) goes to the parent, not out of the app', () => {
    // A tab with earlier entries: history.length alone would say "there is somewhere to go back to".
    history.pushState(null, '', '/elsewhere');
    history.pushState(null, '', '/userCenter/myEnrollInfo?id=3');
    expect(history.length).toBeGreaterThan(1);
    const length = history.length;
    const back = vi.spyOn(history, 'back');
    renderHeader();
    fireEvent.click(screen.getByTestId('mobile-back'));
    expect(back).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/userCenter/myEnrollLists');
    // The parent takes the child's place: its own back arrow then goes further up, not down again.
    expect(history.length).toBe(length);
    expect(hasInAppHistory()).toBe(false);
  });

  it('tapped twice quickly on a detail page opened directly, goes up twice: to the list, then the overview', () => {
    // The header still shown is the detail page's until the list is drawn; the second tap acts for the list.
    history.pushState(null, '', '/userCenter/myNotifyInfo?id=1');
    renderHeader();
    fireEvent.click(screen.getByTestId('mobile-back'));
    expect(screen.getByTestId('where').textContent).toBe('/userCenter/myNotify');
    fireEvent.click(screen.getByTestId('mobile-back'));
    expect(screen.getByTestId('where').textContent).toBe('/userCenter');
  });

  it('after an in-app navigation steps back in history', () => {
    history.pushState(null, '', '/userCenter/myOrder');
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    renderHeader();
    expect(hasInAppHistory()).toBe(false);
    act(() => fireEvent.click(screen.getByText('notifications')));
    expect(screen.getByTestId('where').textContent).toBe('/userCenter/myNotify');
    expect(hasInAppHistory()).toBe(true);
    fireEvent.click(screen.getByTestId('mobile-back'));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('offers log-out on the phone, asking first', async () => {
    history.pushState(null, '', '/userCenter');
    renderHeader();
    fireEvent.click(screen.getByTestId('mobile-logout'));
    expect(await screen.findByText('确定要退出登录吗？')).toBeTruthy();
  });
});
