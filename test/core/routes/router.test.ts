import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/api/types';
import { permittedCodes } from '../../../src/core/desktop';
import {
  DEFAULT_EXEMPT_ROUTES,
  decideEntry,
  fetchesPermissionTree,
  hashFor,
  isContentMode,
  NOT_FOUND_ROUTE,
  pageRouteUrl,
  parseHash,
  redirectRouteApp,
  routesFromPermissionTree,
  samePageRoute,
} from '../../../src/core/routes';

/**
 * A permission tree of `size` nodes laid out breadth first: `roots` top menus, each node with up to `width`
 * children, every third node a route. Built without recursion, so a 5,000-deep chain (width 1) is possible too.
 */
function generatedTree(size: number, width = 7, roots = 3): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (let index = 0; index < size; index++) {
    nodes.push({
      code: `c${index}`,
      name: `节点 ${index}`,
      resourceType: index % 3 === 0 ? 2 : 1,
      menuRoute: index % 3 === 0 ? `/app${index % 50}/page${index}` : '',
      children: [],
    });
    if (index >= roots) nodes[Math.floor((index - roots) / width)]?.children.push(nodes[index] as MenuNode);
  }
  return nodes.slice(0, Math.min(roots, size));
}

/** Number of nodes, counted with an explicit stack (a chain 5,000 deep would overflow a recursive count). */
function count(tree: readonly MenuNode[]): number {
  let total = 0;
  const stack = [...tree];
  while (stack.length > 0) {
    const node = stack.pop() as MenuNode;
    total++;
    stack.push(...node.children);
  }
  return total;
}

describe('routes from a generated 5,000-node permission tree (§2)', () => {
  const tree = generatedTree(5000);

  it('the generator makes 5,000 nodes', () => {
    expect(count(tree)).toBe(5000);
  });

  it('keeps every permitted route node, in depth-first order, and nothing else', () => {
    const permitted = new Set([...permittedCodes(tree)].filter((code) => Number(code.slice(1)) % 2 === 0));
    const routes = routesFromPermissionTree(tree, permitted);
    const expected: string[] = [];
    const walk = (nodes: readonly MenuNode[]) => {
      for (const node of nodes) {
        if (node.resourceType === 2 && permitted.has(node.code)) expected.push(node.code);
        walk(node.children);
      }
    };
    walk(tree); // the balanced tree is about 5 levels deep: recursion is fine for the expectation
    expect(routes.map((route) => route.code)).toEqual(expected);
    expect(expected.length).toBe(834);
    for (const route of routes)
      expect(route.path).toBe(`/app${Number(route.code.slice(1)) % 50}/page${route.code.slice(1)}`);
  });

  it('a tree of 5,000 nodes 5,000 deep does not overflow the stack', () => {
    const deep = generatedTree(5000, 1, 1);
    expect(count(deep)).toBe(5000);
    const routes = routesFromPermissionTree(deep, permittedCodes(deep));
    expect(routes).toHaveLength(1667);
  });

  it('with no permitted code left, only the not-found page remains', () => {
    expect(routesFromPermissionTree(tree, [])).toEqual([NOT_FOUND_ROUTE]);
  });

  it('permittedCodes collects every code of the tree', () => {
    expect(permittedCodes(tree).size).toBe(5000);
  });
});

describe('parseHash and hashFor (hash router with a configurable base)', () => {
  it('reads path and query, with or without the base', () => {
    expect(parseHash('#/desktop/home')).toEqual({ path: '/desktop/home', query: {} });
    expect(parseHash('#/base/desktop/home?x=1&y=%E4%B8%AD', '/base')).toEqual({
      path: '/desktop/home',
      query: { x: '1', y: '中' },
    });
    expect(parseHash('#/base', 'base')).toEqual({ path: '/', query: {} });
    expect(parseHash('')).toEqual({ path: '/', query: {} });
    expect(parseHash('#/basement/x', '/base')).toEqual({ path: '/basement/x', query: {} });
  });

  it('hashFor writes what parseHash reads', () => {
    const hash = hashFor('/subapp', '/base', { app: 'grade', fileId: 'grade-entry' });
    expect(hash).toBe('#/base/subapp?app=grade&fileId=grade-entry');
    expect(parseHash(hash, '/base')).toEqual({ path: '/subapp', query: { app: 'grade', fileId: 'grade-entry' } });
    expect(hashFor('/', '')).toBe('#/');
  });
});

describe('decideEntry (§2 entry rules)', () => {
  const menuRoutes = ['/grade/entry', '/attendance/today'];
  const at = (path: string, query: Record<string, string> = {}) => ({ path, query });

  it('the desktop home and / are the desktop for everyone, with or without menu routes', () => {
    for (const userType of [1, 2, 3, 4]) {
      expect(decideEntry(at('/'), { userType, menuRoutes: [] })).toEqual({ kind: 'home' });
      expect(decideEntry(at('/desktop/home'), { userType, menuRoutes: [] })).toEqual({ kind: 'home' });
    }
  });

  it('/messages is the message list for every user on every landing page, whatever the menu (issue 56)', () => {
    for (const userType of [1, 2, 3, 4]) {
      expect(decideEntry(at('/messages'), { userType, menuRoutes: [] })).toEqual({ kind: 'messages' });
    }
  });

  it("/desktop/unit is the shell's unit settings for whom the menu gives it, and not found for others (issue 56)", () => {
    expect(decideEntry(at('/desktop/unit'), { userType: 2, menuRoutes: ['/desktop/unit'] })).toEqual({
      kind: 'unitSettings',
    });
    expect(decideEntry(at('/desktop/unit'), { userType: 2, menuRoutes })).toEqual({
      kind: 'notFound',
      reason: 'notInMenu',
    });
  });

  it('a route outside the menu is not found on entry; inside it is a page', () => {
    expect(decideEntry(at('/grade/entry'), { userType: 2, menuRoutes })).toEqual({
      kind: 'page',
      path: '/grade/entry',
    });
    expect(decideEntry(at('/grade/settings'), { userType: 2, menuRoutes })).toEqual({
      kind: 'notFound',
      reason: 'notInMenu',
    });
  });

  it('exempt routes are configurable (exact or prefix*) and replace the defaults', () => {
    expect(decideEntry(at('/help/faq'), { userType: 1, menuRoutes: [], exempt: ['/help/*'] })).toEqual({
      kind: 'page',
      path: '/help/faq',
    });
    expect(decideEntry(at('/desktop/home'), { userType: 1, menuRoutes: [], exempt: ['/help/*'] }).kind).toBe(
      'notFound',
    );
    expect(DEFAULT_EXEMPT_ROUTES).toContain('/desktop/setting');
  });

  it('types 1 and 3 are blocked from tm app paths, typed or exempt; 2 and 4 are not', () => {
    const tm = '/pages/grade/pc_grade_tm/index.html';
    for (const userType of [1, 3, '1', '3']) {
      expect(decideEntry(at(tm), { userType, menuRoutes: [tm], exempt: [tm] })).toEqual({
        kind: 'notFound',
        reason: 'blocked',
      });
      expect(decideEntry(at('/x_tm'), { userType, menuRoutes: [], exempt: ['*'] }).kind).toBe('notFound');
    }
    for (const userType of [2, 4]) expect(decideEntry(at(tm), { userType, menuRoutes: [tm] }).kind).toBe('page');
  });

  it('/redirect/{app} routes name their app; odd app codes are not found', () => {
    expect(decideEntry(at('/redirect/grade'), { userType: 3, menuRoutes: [] })).toEqual({
      kind: 'redirect',
      app: 'grade',
    });
    expect(redirectRouteApp('/redirect/a/b')).toBeNull();
    expect(redirectRouteApp('/redirect/')).toBeNull();
  });

  it('the sub-app viewport needs app and fileId made of safe characters', () => {
    expect(decideEntry(at('/subapp', { app: 'grade', fileId: 'grade-entry' }), { userType: 2, menuRoutes })).toEqual({
      kind: 'subapp',
      app: 'grade',
      fileId: 'grade-entry',
    });
    expect(decideEntry(at('/subapp', { app: 'grade' }), { userType: 2, menuRoutes }).kind).toBe('notFound');
    expect(decideEntry(at('/subapp', { app: '../x', fileId: 'a' }), { userType: 2, menuRoutes }).kind).toBe('notFound');
  });
});

describe('small route rules', () => {
  it('only types 2 and 4 fetch the permission tree (§6)', () => {
    expect([0, 1, 2, 3, 4, 5, '2', '4'].map(fetchesPermissionTree)).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it('content mode comes from the query', () => {
    expect(isContentMode({ mode: 'content' })).toBe(true);
    expect(isContentMode({ content: '1' })).toBe(true);
    expect(isContentMode({})).toBe(false);
  });

  it.each([
    [
      '#/messages',
      'https://s/pages/base/mobile_desktop_all/index.html#/desktop/home',
      'https://s/pages/base/mobile_desktop_all/index.html#/messages',
    ],
    [
      ' #/messages ',
      'https://s/pages/grade/pc_grade_tm/index.html?x=1',
      'https://s/pages/grade/pc_grade_tm/index.html?x=1#/messages',
    ],
    ['/pages/base/pc_desktop_all/index.html#/messages', 'https://s/a/', null],
    ['#//evil.example', 'https://s/a/', null],
    ['#/messages?x=<b>', 'https://s/a/', null],
    [null, 'https://s/a/', null],
  ])('pageRouteUrl(%j) on %s is %s: a hash route alone is a route of the page the user is on', (text, page, url) => {
    expect(pageRouteUrl(text, page)).toBe(url);
  });

  it.each([
    ['https://s/p/index.html#/messages', 'https://s/p/index.html#/desktop/home', '/messages'],
    ['https://s/p/index.html#/messages', 'https://s/p/index.html', '/messages'],
    ['https://s/p/index.html?a=1#/messages', 'https://s/p/index.html', null],
    [
      'https://s/pages/base/pc_desktop_all/index.html#/messages',
      'https://s/pages/base/mobile_desktop_all/index.html',
      null,
    ],
  ])('samePageRoute(%s) on %s is %s', (url, page, route) => {
    expect(samePageRoute(url, page)).toBe(route);
  });
});
