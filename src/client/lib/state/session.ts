// Two independent sessions (spec §4): the learner's and the administrator's, each a signal. Tokens and
// token types live in cookies (spec §3 stored browser state) so a reload knows at once who is logged in;
// the user info is re-fetched by the navigation guard and also kept in IndexedDB for offline use.
import { signal, type Signal } from '@preact/signals-react';
import { DEFAULT_TOKEN_TYPE, STORAGE_KEYS } from '../../../shared/api/constants.ts';
import type { UserInfo } from '../../../shared/auth/schema.ts';
import { getCookie, idbDel, idbGet, idbSet, removeCookie, setCookie } from '../storage.ts';

export type SessionKind = 'learner' | 'admin';
export type ApiType = 'learners' | 'administrators';

export type { UserInfo };

export interface SessionState {
  token: string;
  tokenType: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  userInfo: UserInfo | null;
}

export interface LoginAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

const COOKIE_KEYS: Record<SessionKind, { token: string; tokenType: string }> = {
  learner: { token: STORAGE_KEYS.learnerToken, tokenType: STORAGE_KEYS.learnerTokenType },
  admin: { token: STORAGE_KEYS.adminToken, tokenType: STORAGE_KEYS.adminTokenType },
};

const USER_INFO_KEY: Record<SessionKind, string> = { learner: 'userInfo:learner', admin: 'userInfo:admin' };

function emptySession(): SessionState {
  return {
    token: '',
    tokenType: DEFAULT_TOKEN_TYPE,
    name: '',
    avatar: '',
    introduction: '',
    roles: [],
    userInfo: null,
  };
}

function fromCookies(kind: SessionKind): SessionState {
  const keys = COOKIE_KEYS[kind];
  return {
    ...emptySession(),
    token: getCookie(keys.token) ?? '',
    tokenType: getCookie(keys.tokenType) || DEFAULT_TOKEN_TYPE,
  };
}

export const learnerSession: Signal<SessionState> = signal(fromCookies('learner'));
export const adminSession: Signal<SessionState> = signal(fromCookies('admin'));

export function sessionSignal(kind: SessionKind): Signal<SessionState> {
  return kind === 'admin' ? adminSession : learnerSession;
}

/** spec §7: the admin token when apiType is 'administrators', otherwise the learner token. */
export function sessionForApiType(apiType?: ApiType | string): Signal<SessionState> {
  return apiType === 'administrators' ? adminSession : learnerSession;
}

export function kindForUserType(userType: string | undefined): SessionKind {
  return userType === 'administrators' ? 'admin' : 'learner';
}

/** Login with user type administrators stores the admin session; any other type the learner session (spec §4). */
export function storeLogin(userType: string, answer: LoginAnswer): SessionKind {
  const kind = kindForUserType(userType);
  const tokenType = answer.token_type || DEFAULT_TOKEN_TYPE;
  const keys = COOKIE_KEYS[kind];
  const days = answer.expires_in ? answer.expires_in / 86_400 : undefined;
  setCookie(keys.token, answer.access_token, { days });
  setCookie(keys.tokenType, tokenType, { days });
  sessionSignal(kind).value = { ...emptySession(), token: answer.access_token, tokenType };
  return kind;
}

function rolesOf(info: UserInfo): string[] {
  if (Array.isArray(info.roles) && info.roles.length > 0) return info.roles.map(String);
  if (info.administrator_type) return [info.administrator_type];
  return [];
}

/** What setUserInfo accepts: a full answer, or (tests, cached copies) a partial one; gaps get defaults. */
export type UserInfoInput = Partial<UserInfo> & Pick<UserInfo, 'real_name'>;

function completeInfo(info: UserInfoInput): UserInfo {
  return {
    ...info,
    id: info.id ?? 0,
    username: info.username ?? '',
    real_name: info.real_name ?? '',
    avatar: info.avatar ?? '',
    introduction: info.introduction ?? '',
    userable_type: info.userable_type ?? 'learners',
    structure_name: info.structure_name ?? '',
    administrator_type: info.administrator_type ?? null,
    roles: Array.isArray(info.roles) ? info.roles : [],
  };
}

export function setUserInfo(kind: SessionKind, input: UserInfoInput): void {
  const info = completeInfo(input);
  const current = sessionSignal(kind).value;
  sessionSignal(kind).value = {
    ...current,
    name: info.real_name || info.username || '',
    avatar: info.avatar ?? '',
    introduction: info.introduction ?? '',
    roles: rolesOf(info),
    userInfo: info,
  };
  void idbSet('prefs', USER_INFO_KEY[kind], info);
}

/** Restores the last known user info (offline start) while the guard re-fetches it. */
export async function hydrateSessions(): Promise<void> {
  for (const kind of ['learner', 'admin'] as const) {
    const session = sessionSignal(kind);
    if (!session.value.token) continue;
    const info = await idbGet<UserInfo>('prefs', USER_INFO_KEY[kind]);
    if (info && session.value.token && !session.value.userInfo) setUserInfo(kind, info);
  }
}

export function isLoggedIn(kind: SessionKind): boolean {
  return Boolean(sessionSignal(kind).value.token);
}

/** Clears the token and the info, and removes the stored cookies (spec §4 reset). */
export function resetSession(kind: SessionKind): void {
  const keys = COOKIE_KEYS[kind];
  removeCookie(keys.token);
  removeCookie(keys.tokenType);
  sessionSignal(kind).value = emptySession();
  void idbDel('prefs', USER_INFO_KEY[kind]);
}

export function resetAllSessions(): void {
  resetSession('learner');
  resetSession('admin');
}

/**
 * Logs one session out: revokes the token on the server (best effort; a dead network or an already
 * revoked token must not keep the user logged in locally), then resets it.
 */
export async function logoutSession(kind: SessionKind): Promise<void> {
  const { token, tokenType } = sessionSignal(kind).value;
  resetSession(kind);
  if (!token || typeof fetch === 'undefined') return;
  try {
    await fetch('/api/v1/authorizations/current', {
      method: 'DELETE',
      headers: { Authorization: `${tokenType} ${token}` },
      signal: AbortSignal.timeout?.(5_000),
    });
  } catch {
    // Offline: the token expires on the server by itself.
  }
}
