import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccessFacts, decideAccess } from '../../../src/core/access';

// The one rule every door asks (issue 34): a table of the accounts × what they ask, then properties over all facts.

describe('decideAccess', () => {
  it.each<[string, AccessFacts, string]>([
    [
      'a teacher, the tm page of a licensed app of theirs',
      { userType: 2, pathId: 'tm', permitted: true, licensed: true },
      'open',
    ],
    ['type 4, the tm page', { userType: 4, pathId: 'tm', permitted: true, licensed: true }, 'open'],
    ['a student, a tm page', { userType: 1, pathId: 'tm', permitted: true, licensed: true }, 'teacherOnly'],
    ['a parent, a tm page', { userType: 3, pathId: 'tm', permitted: true, licensed: true }, 'teacherOnly'],
    ['a parent, the spm page of a family app', { userType: 3, pathId: 'spm', permitted: true, licensed: true }, 'open'],
    [
      'a parent, the spm page of a staff app',
      { userType: 3, pathId: 'spm', permitted: false, licensed: true },
      'notPermitted',
    ],
    ['a teacher, an expired app', { userType: 2, pathId: 'tm', permitted: true, licensed: false }, 'expired'],
    [
      'a student, the tm page of an expired app',
      { userType: 1, pathId: 'tm', permitted: false, licensed: false },
      'teacherOnly',
    ],
    [
      'a parent, an expired staff app',
      { userType: 3, pathId: 'spm', permitted: false, licensed: false },
      'notPermitted',
    ],
    ['apps unknown, licensed', { userType: 3, pathId: 'spm', licensed: true }, 'open'],
    ['no page named (the desktop), expired', { userType: 2, licensed: false }, 'expired'],
    [
      'the whole unit expired',
      { userType: 2, pathId: 'tm', permitted: true, licensed: false, unitExpired: true },
      'unitExpired',
    ],
    [
      'a licensed module of an expired unit (the platform says yes)',
      { userType: 2, licensed: true, unitExpired: true },
      'open',
    ],
    [
      'a student on a tm page of an expired unit',
      { userType: 1, pathId: 'tm', licensed: false, unitExpired: true },
      'teacherOnly',
    ],
  ])('%s → %s', (_, facts, expected) => {
    const access = decideAccess(facts);
    expect(access.kind === 'open' ? 'open' : access.reason).toBe(expected);
  });

  const facts = fc.record(
    {
      userType: fc.constantFrom<number | string>(1, 2, 3, 4, 5, '1', '2', '3', '4'),
      pathId: fc.constantFrom<'tm' | 'spm' | undefined>('tm', 'spm', undefined),
      permitted: fc.constantFrom<boolean | undefined>(true, false, undefined),
      licensed: fc.boolean(),
      unitExpired: fc.boolean(),
    },
    { requiredKeys: ['userType', 'licensed'] },
  );

  it('opens exactly when nothing says no: a teacher-only page, an app that is not theirs, the licence', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const barred = f.pathId === 'tm' && [1, 3].includes(Number(f.userType));
        const open = !barred && f.permitted !== false && f.licensed;
        expect(decideAccess(f).kind).toBe(open ? 'open' : 'refused');
      }),
    );
  });

  it('answers a user type given as text as it does the number', () => {
    fc.assert(
      fc.property(facts, (f) => {
        expect(decideAccess({ ...f, userType: String(f.userType) })).toEqual(decideAccess(f));
      }),
    );
  });
});
