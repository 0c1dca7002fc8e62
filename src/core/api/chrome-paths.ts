import { ENDPOINTS } from './wire';

// The §7 paths the page chrome (<ph-header>, <ph-footer> and the 'chrome' chunk of core) reads, picked here so that
// only these strings stay in the shared runtime. Were the chrome chunk to import ENDPOINTS itself, the map would be
// exported across chunks and rollup would keep every path on every page (test/build/runtime-paths.test.ts).
export const CHROME_PATHS = {
  unhandledCount: ENDPOINTS.unhandledCount,
  messageConfig: ENDPOINTS.messageConfig,
  unreadMessages: ENDPOINTS.unreadMessages,
  markRead: ENDPOINTS.markRead,
  markAllRead: ENDPOINTS.markAllRead,
  reminders: ENDPOINTS.reminders,
  licence: ENDPOINTS.licence,
  licenceOam: ENDPOINTS.licenceOam,
  unitConfig: ENDPOINTS.unitConfig,
  unitLogo: ENDPOINTS.unitLogo,
  packageJson: ENDPOINTS.packageJson,
  packageVersions: ENDPOINTS.packageVersions,
  versionHistory: ENDPOINTS.versionHistory,
  themeColor: ENDPOINTS.themeColor,
  setTheme: ENDPOINTS.setTheme,
  roleCheck: ENDPOINTS.roleCheck,
  setParentChildren: ENDPOINTS.setParentChildren,
  themeStylesheet: ENDPOINTS.themeStylesheet,
  alreadyParentTeacher: ENDPOINTS.alreadyParentTeacher,
  switchLogin: ENDPOINTS.switchLogin,
  // The desktop's calls, which the access gate reads the user's apps and the unit's modules by (issue 34).
  appIcons: ENDPOINTS.appIcons,
  unreadCodeCount: ENDPOINTS.unreadCodeCount,
  insideModules: ENDPOINTS.insideModules,
  permissionTree: ENDPOINTS.permissionTree,
  accessLog: ENDPOINTS.accessLog,
  appIconOrder: ENDPOINTS.appIconOrder,
  manifest: ENDPOINTS.manifest,
} as const;
