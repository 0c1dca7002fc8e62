import type { AppItem } from '../../src/core/api/types';

/** An app of `my_app_icon` with made-up names and pictures from its code; `extra` sets the fields a test reads. */
export function appItem(code: string, extra: Partial<AppItem> = {}): AppItem {
  return {
    code,
    zname: `${code}中文名`,
    name: `${code}名`,
    shortName: `${code}短`,
    englishName: `${code} English`,
    englishShortName: `${code}En`,
    iconImg: `/i/${code}.svg`,
    imgPath: `/i/${code}.svg`,
    imgGrayPath: `/i/${code}-gray.svg`,
    imgCartoonPath: `/i/${code}-cartoon.svg`,
    menuRoute: `/${code}/index`,
    serverId: code,
    deployPath: 'pages',
    frontUserType: '2,4',
    limitUserType: '',
    updateStatus: 1,
    unReadCodeCount: 0,
    ...extra,
  };
}
