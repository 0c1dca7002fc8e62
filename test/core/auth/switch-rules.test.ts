import { describe, expect, it } from 'vitest';
import { firstUrlFor, roleSwitchAllowed } from '../../../src/core/auth';

// §6 "when the desktop or app allows both types", and where a switch starts over (issue 34).

describe('roleSwitchAllowed', () => {
  it.each([
    [false, null, true],
    [false, { frontUserType: '2,4' }, true],
    [true, { frontUserType: '1,2,3,4' }, true],
    [true, { frontUserType: '3,4' }, true],
    [true, { frontUserType: '' }, true],
    [true, { frontUserType: '2,4' }, false],
    [true, { frontUserType: '1,3' }, false],
    [true, null, false],
  ])('on an app page %s, app %o → %s', (onAppPage, app, allowed) => {
    expect(roleSwitchAllowed(onAppPage, app)).toBe(allowed);
  });
});

describe('firstUrlFor', () => {
  it.each([
    ['https://s/pages/growth/pc_growth_tm/index.html?x=1#/a', 3, 'https://s/pages/growth/pc_growth_spm/index.html'],
    ['https://s/pages/growth/pc_growth_spm/', 2, 'https://s/pages/growth/pc_growth_tm/'],
    ['https://s/pages/growth/mobile_growth_spm/index.html', 4, 'https://s/pages/growth/mobile_growth_tm/index.html'],
    ['https://s/pc_growth_tm.html', '3', 'https://s/pc_growth_spm.html'],
    ['https://s/pages/growth/pc_growth_tm/index.html', 2, 'https://s/pages/growth/pc_growth_tm/index.html'],
    [
      'https://s/pages/base/pc_desktop_all/index.html#/desktop/home',
      3,
      'https://s/pages/base/pc_desktop_all/index.html',
    ],
    ['https://s/pages/growth/pc_growth_tm/index.html', undefined, 'https://s/pages/growth/pc_growth_tm/index.html'],
  ])('%s as type %s → %s', (href, userType, expected) => {
    expect(firstUrlFor(href, userType)).toBe(expected);
  });
});
