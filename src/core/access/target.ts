import type { PathId } from '../routes/paths';

// Which app a URL opens (§2 module pages): `/{root}/{serverId}/{pc|mobile}_{code}_{tm|spm}/index.html` in
// production, `/pc_{code}_{tm|spm}.html` in development; a legacy page one level down (`/{root}/pc_{code}_tm/`) names
// no server, and then its server is its code, as phinit's default (serverId = appCode) has it. Desktops (`_all`), the
// login shell and other pages open no app.

export interface AppTarget {
  code: string;
  /** The server whose licence covers the app. */
  serverId: string;
  pathId: PathId;
}

const MODULE_PAGE = /^((?:\/[A-Za-z0-9_-]+)*)\/(?:pc|mobile)_([A-Za-z0-9-]+)_(tm|spm)(?:\/(?:index\.html)?|\.html)?$/;

/** The app a path (or same-origin URL) opens, or null when it opens none. */
export function appTargetOf(url: string, base = 'http://localhost/'): AppTarget | null {
  let path: string;
  try {
    path = new URL(url, base).pathname;
  } catch {
    return null;
  }
  const match = MODULE_PAGE.exec(path);
  if (!match) return null;
  const [, before = '', code = '', pathId] = match;
  const segments = before.split('/').filter(Boolean);
  const serverId = segments.length >= 2 ? (segments[segments.length - 1] as string) : code;
  return { code, serverId, pathId: pathId as PathId };
}
