import { atom, map } from 'nanostores';
import type { Child, LoginData, MeData } from '../api/types';
import { pageSingleton } from '../shared';

export type LoginStatus = 'unknown' | 'in' | 'out';
export type Layout = 'top' | 'left';

/** Session state of §3 plus the parent extras. Wire-spelled names (`chirden…`, `topMemuList`) are kept. */
export interface SessionState {
  langType: string;
  theme: string;
  themeColor: string;
  unitId: string;
  unitType: string;
  unitName: string;
  unitEnName: string;
  userId: string;
  userType: number;
  realName: string;
  prePath: string;
  loginName: string;
  baselogined: boolean;
  loginedMsg: string;
  currentLayout: Layout;
  topMemuList: unknown[];
  topNoTypeMemuList: unknown[];
  avatar: string;
  sex: number;
  year: string;
  term: string;
  superman: boolean;
  accessToken: string;
  unitStatus: number;
  userStatus: number;
  unitShardingCode: string;
  campusUnits: unknown[];
  unitImgPath: string;
  userImgPath: string;
  iszx: boolean;
  unitHaveInstitute: boolean;
  /**
   * A clock-in terminal's account (the reference server says so in `me` and the login answer): it lands on the
   * clock-in page, and every other landing page sends it there (issue 69).
   */
  faceTerminal: boolean;
  /** Children with status 1 only. */
  chirdenList: Child[];
  currentChirden: Child | null;
  chirdenId: string;
  chirdenName: string;
}

/** §1: the default unitType is '2' (a school). */
export function emptySession(): SessionState {
  return {
    langType: '',
    theme: '',
    themeColor: '',
    unitId: '',
    unitType: '2',
    unitName: '',
    unitEnName: '',
    userId: '',
    userType: 0,
    realName: '',
    prePath: '',
    loginName: '',
    baselogined: false,
    loginedMsg: '',
    currentLayout: 'top',
    topMemuList: [],
    topNoTypeMemuList: [],
    avatar: '',
    sex: 0,
    year: '',
    term: '',
    superman: false,
    accessToken: '',
    unitStatus: 0,
    userStatus: 0,
    unitShardingCode: '',
    campusUnits: [],
    unitImgPath: '',
    userImgPath: '',
    iszx: false,
    unitHaveInstitute: false,
    faceTerminal: false,
    chirdenList: [],
    currentChirden: null,
    chirdenId: '',
    chirdenName: '',
  };
}

export const $session = /* @__PURE__ */ pageSingleton('session', () => map<SessionState>(emptySession()));
export const $loginStatus = /* @__PURE__ */ pageSingleton('login-status', () => atom<LoginStatus>('unknown'));

/**
 * Counts this page's sign-ins and session resets: an answer to a question asked about the session before the latest
 * of them (a `me` in flight across a logout and a new sign-in) is stale and must not undo it.
 */
const sessionEpoch = /* @__PURE__ */ pageSingleton('session-epoch', () => ({ value: 0 }));

export function currentSessionEpoch(): number {
  return sessionEpoch.value;
}

/** A sign-in or a switch to another account begins a new session (a token refresh does not). */
export function beginSession(): void {
  sessionEpoch.value += 1;
}

export function resetSession(): void {
  sessionEpoch.value += 1;
  $session.set(emptySession());
}

/** §3: campusUnits travels as a JSON string; anything unparsable becomes an empty list. */
export function parseCampusUnits(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Keeps what a login-like answer carries (login, refresh, relogin, device client...). */
export function storeLoginInfo(data: Partial<LoginData>): void {
  const patch: Partial<SessionState> = {};
  if (data.accessToken) patch.accessToken = data.accessToken;
  if (data.unitId !== undefined) patch.unitId = String(data.unitId);
  if (data.unitType !== undefined) patch.unitType = String(data.unitType);
  if (data.userType !== undefined) patch.userType = Number(data.userType);
  if (data.userId !== undefined) patch.userId = String(data.userId);
  if (data.faceTerminal !== undefined) patch.faceTerminal = data.faceTerminal === true;
  $session.set({ ...$session.get(), ...patch, baselogined: true });
}

/** Fills the session from GET /api/uaa/oauth/me. */
export function applyMe(me: Partial<MeData>): void {
  const { campusUnits, accessToken, ...rest } = me;
  const session = $session.get();
  $session.set({
    ...session,
    ...rest,
    unitType: me.unitType !== undefined ? String(me.unitType) : session.unitType,
    userType: me.userType !== undefined ? Number(me.userType) : session.userType,
    accessToken: accessToken || session.accessToken,
    campusUnits: parseCampusUnits(campusUnits),
    baselogined: true,
  });
}

/**
 * §3 parent extras: only children with status 1 enter the session; the current child is the remembered one
 * when it is still linked, else the first.
 */
export function setChildren(children: readonly Child[], rememberedId?: string): void {
  const list = children.filter((child) => Number(child.status) === 1);
  const current = list.find((child) => child.id === rememberedId) ?? list[0] ?? null;
  $session.set({
    ...$session.get(),
    chirdenList: list,
    currentChirden: current,
    chirdenId: current?.id ?? '',
    chirdenName: current?.realName ?? '',
  });
}

export function selectChild(id: string): boolean {
  const child = $session.get().chirdenList.find((item) => item.id === id);
  if (!child) return false;
  $session.set({ ...$session.get(), currentChirden: child, chirdenId: child.id, chirdenName: child.realName });
  return true;
}
