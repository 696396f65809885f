// The spec §4 version check inside the service-worker update cycle (issue 4).
import { describe, expect, it } from 'vitest';
import { isAdminArea, isEditing } from '../../../../../src/client/lib/pwa/register.ts';
import { decideAtStart, decideOnWaiting } from '../../../../../src/client/lib/pwa/version.ts';

describe('version decision when a new worker is waiting', () => {
  it('a different fetched version is stored and offered', () => {
    expect(decideOnWaiting('V1+a', { version: 'V1+b' }, 'V1+a')).toEqual({ store: 'V1+b', offer: 'V1+b' });
  });
  it('a failed fetch stores the default V1.0.0 and offers nothing', () => {
    expect(decideOnWaiting('V1+a', null, 'V1+a')).toEqual({ store: 'V1.0.0' });
  });
  it('the same version as stored, still not running (the user chose later): offered again', () => {
    expect(decideOnWaiting('V1+b', { version: 'V1+b' }, 'V1+a')).toEqual({ offer: 'V1+b' });
  });
  it('nothing new: nothing happens', () => {
    expect(decideOnWaiting('V1+a', { version: 'V1+a' }, 'V1+a')).toEqual({});
  });
});

describe('version at start', () => {
  it('first visit stores the version without an offer', () => {
    expect(decideAtStart(undefined, { version: 'V1+a' }, 'V1+a', true)).toEqual({ store: 'V1+a' });
    expect(decideAtStart(undefined, null, 'V1+a', true)).toEqual({ store: 'V1.0.0' });
  });
  it('with a worker, a newer deployment is left to the worker update cycle', () => {
    expect(decideAtStart('V1+a', { version: 'V1+b' }, 'V1+a', true)).toEqual({});
  });
  it('without a worker, the classic check stores and offers a new version', () => {
    expect(decideAtStart('V1+a', { version: 'V1+b' }, 'V1+a', false)).toEqual({
      store: 'V1+b',
      offer: 'V1+b',
    });
  });
  it('a page running the newest build records it', () => {
    expect(decideAtStart('V1+a', { version: 'V1+b' }, 'V1+b', true)).toEqual({ store: 'V1+b' });
  });
});

describe('when the page may reload by itself', () => {
  it('paths containing /manage/ are the admin area', () => {
    expect(isAdminArea('/manage/index')).toBe(true);
    expect(isAdminArea('/manage')).toBe(true);
    expect(isAdminArea('/userCenter')).toBe(false);
  });
  it('a form on screen or a focused field means the user may be typing', () => {
    document.body.innerHTML = '<div><p>summary</p></div>';
    expect(isEditing()).toBe(false);
    document.body.innerHTML = '<form><input name="a"></form>';
    expect(isEditing()).toBe(true);
    document.body.innerHTML = '<div data-keep-on-update></div>';
    expect(isEditing()).toBe(true);
    document.body.innerHTML = '';
  });
});
