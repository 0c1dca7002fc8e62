import type { MenuNode } from '../api/types';
import { isKeptFromTeacherPages } from '../api/user-types';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';

export interface MenuRoute {
  path: string;
  code: string;
  name: string;
}

/** Catch-all page added when no permitted route remains (§2). */
export const NOT_FOUND_ROUTE: MenuRoute = { path: '*', code: 'notFound', name: 'not found' };
/** A menu node of this resource type is a route (§3). */
export const ROUTE_RESOURCE_TYPE = 2;

/**
 * §2: routes from the permission tree, keeping only codes the user is permitted; when none remain, the not-found
 * page. Iterative so that a deep tree of thousands of nodes neither recurses nor allocates per level.
 */
export function routesFromPermissionTree(tree: readonly MenuNode[], permittedCodes: Iterable<string>): MenuRoute[] {
  const permitted = permittedCodes instanceof Set ? (permittedCodes as Set<string>) : new Set(permittedCodes);
  const routes: MenuRoute[] = [];
  const stack: MenuNode[] = [...tree].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.resourceType === ROUTE_RESOURCE_TYPE && node.menuRoute && permitted.has(node.code)) {
      routes.push({ path: node.menuRoute, code: node.code, name: node.name });
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return routes.length > 0 ? routes : [NOT_FOUND_ROUTE];
}

/**
 * A menu route's name in `language`. The tree names a route in Chinese (§3 Menu node), so the language table's
 * `menu.{code}` wins when it has one; else the tree's name as server text: its part for the language when it carries
 * §8's `中文|||English`, in Hong Kong forms for zh-HK (issue 56).
 */
export function menuRouteName(route: MenuRoute, translate: (key: string) => string, language: Language): string {
  const key = `menu.${route.code}`;
  const text = translate(key);
  return text === key ? splitBilingual(route.name, language) : text;
}

export interface RouteCheckContext {
  userType: number | string;
  /** Paths of the user's menu routes. */
  menuRoutes: readonly string[];
  /** Named apps and routes exempt from the menu check, exact or a prefix ending in `*` (configuration). */
  exempt?: readonly string[];
}

/** Whether a path addresses a teacher (tm) page: `..._tm/`, `..._tm.html` or a trailing `_tm`. */
export function isTeacherAppPath(route: string): boolean {
  return /_tm(?:[/.?#]|$)/.test(route);
}

/** Whether a pattern (exact, or a prefix ending in `*`) matches a route. */
export function routeMatches(pattern: string, route: string): boolean {
  return pattern.endsWith('*') ? route.startsWith(pattern.slice(0, -1)) : pattern === route;
}

/** §2: type 1 and 3 users never reach tm app paths, typed or linked. */
export function isBlockedFromRoute(route: string, userType: number | string): boolean {
  return isKeptFromTeacherPages(userType) && isTeacherAppPath(route);
}

/** §2: blocked routes never; otherwise the route must be in the menu unless an exempt pattern matches it. */
export function isRouteAllowed(route: string, ctx: RouteCheckContext): boolean {
  if (isBlockedFromRoute(route, ctx.userType)) return false;
  if (ctx.exempt?.some((pattern) => routeMatches(pattern, route))) return true;
  return ctx.menuRoutes.includes(route);
}
