import { beforeEach, describe, expect, it } from 'vitest';
import {
  $loginStatus,
  $session,
  applyMe,
  parseCampusUnits,
  resetSession,
  selectChild,
  setChildren,
  storeLoginInfo,
} from '../../../src/core/session';

const child = (id: string, status: number) => ({ id, realName: `kid ${id}`, gradeName: 'G1', className: 'C1', status });

beforeEach(() => resetSession());

describe('session state', () => {
  it('starts empty with the default school unit type and unknown login status', () => {
    expect($session.get().unitType).toBe('2');
    expect($session.get().accessToken).toBe('');
    expect($loginStatus.get()).toBe('unknown');
  });

  it('stores what a login-like answer carries', () => {
    storeLoginInfo({ accessToken: 'tok', unitId: 'u1', unitType: '1', userType: 3, userId: 'p1' });
    expect($session.get()).toMatchObject({
      accessToken: 'tok',
      unitId: 'u1',
      unitType: '1',
      userType: 3,
      userId: 'p1',
      baselogined: true,
    });
  });

  it('fills the session from me and parses campusUnits', () => {
    applyMe({ userId: 'u', userType: 2, realName: 'Ann', unitType: '2', campusUnits: '[{"id":1}]', accessToken: '' });
    expect($session.get()).toMatchObject({ userId: 'u', userType: 2, realName: 'Ann', campusUnits: [{ id: 1 }] });
  });

  it('campusUnits that are not a JSON list become an empty list', () => {
    expect(parseCampusUnits('not json')).toEqual([]);
    expect(parseCampusUnits('{"a":1}')).toEqual([]);
    expect(parseCampusUnits(undefined)).toEqual([]);
    expect(parseCampusUnits([1])).toEqual([1]);
  });

  it('keeps only status 1 children and picks the remembered one', () => {
    setChildren([child('a', 1), child('b', 0), child('c', 1)], 'c');
    const session = $session.get();
    expect(session.chirdenList.map((item) => item.id)).toEqual(['a', 'c']);
    expect(session.currentChirden?.id).toBe('c');
    expect(session.chirdenId).toBe('c');
    expect(session.chirdenName).toBe('kid c');
  });

  it('falls back to the first child when the remembered one is gone, and to none without children', () => {
    setChildren([child('a', 1)], 'b');
    expect($session.get().chirdenId).toBe('a');
    setChildren([child('x', 2)]);
    expect($session.get().currentChirden).toBeNull();
    expect($session.get().chirdenId).toBe('');
  });

  it('selects only a listed child', () => {
    setChildren([child('a', 1), child('c', 1)]);
    expect(selectChild('c')).toBe(true);
    expect($session.get().chirdenName).toBe('kid c');
    expect(selectChild('zzz')).toBe(false);
    expect($session.get().chirdenId).toBe('c');
  });
});
