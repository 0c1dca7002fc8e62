import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKeptFromTeacherPages, isParentType, isTeacherType } from '../../../src/core/api/user-types';
import { roleCandidatesQuery } from '../../../src/core/auth/switch-role';
import { pathIdFor } from '../../../src/core/routes/paths';

// §1's user types, as the wire carries them: numbers, or their digits as text.
describe('user types (§1)', () => {
  it.each([
    // userType, teacher-like, parent, kept from tm pages, path id
    [1, false, false, true, 'spm'],
    [2, true, false, false, 'tm'],
    [3, false, true, true, 'spm'],
    [4, true, false, false, 'tm'],
    [0, false, false, false, 'spm'],
    [5, false, false, false, 'spm'],
    ['2', true, false, false, 'tm'],
    ['3', false, true, true, 'spm'],
    ['', false, false, false, 'spm'],
  ] as const)('type %j: teacher %s, parent %s, kept from tm %s, path %s', (type, teacher, parent, kept, pathId) => {
    expect(isTeacherType(type)).toBe(teacher);
    expect(isParentType(type)).toBe(parent);
    expect(isKeptFromTeacherPages(type)).toBe(kept);
    expect(pathIdFor(type)).toBe(pathId);
  });

  it('reads a number and its text alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10 }), (type) => {
        expect(isTeacherType(String(type))).toBe(isTeacherType(type));
        expect(isParentType(String(type))).toBe(isParentType(type));
        expect(isKeptFromTeacherPages(String(type))).toBe(isKeptFromTeacherPages(type));
      }),
    );
  });

  it('asks role candidates as a parent (3) or a teacher (2, 4), and for nobody else', () => {
    expect(roleCandidatesQuery({ userId: 'u1', userType: 3 })).toEqual({ parentId: 'u1' });
    expect(roleCandidatesQuery({ userId: 'u1', userType: '2' })).toEqual({ teacherId: 'u1' });
    expect(roleCandidatesQuery({ userId: 'u1', userType: 4 })).toEqual({ teacherId: 'u1' });
    expect(roleCandidatesQuery({ userId: 'u1', userType: 1 })).toBeNull();
    expect(roleCandidatesQuery({ userId: '', userType: 3 })).toBeNull();
  });
});
