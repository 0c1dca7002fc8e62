import { CHROME_PATHS } from '../api/chrome-paths';
import type { VersionHistoryEntry, VersionInfo } from '../api/types';
import { endpointPath } from '../api/wire';
import type { HttpClient } from '../http/client-types';
import { HttpError } from '../http/errors';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import { type VersionResponse, versionEndpointUrl } from './check';

// §3 version info and history for the footer's version dialog, and the HTTP reads of the version check (§4).

/** `get` of checkVersions over the request client: the status and body of an answer, also of a 404. */
export function versionReader(http: Pick<HttpClient, 'request'>): (url: string) => Promise<VersionResponse> {
  return async (url) => {
    try {
      const data = await http.request<unknown>({ url, raw: true, noIntercept: true });
      return { status: 200, data };
    } catch (error) {
      if (error instanceof HttpError && error.response)
        return { status: error.response.status, data: error.response.body };
      throw error;
    }
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The back end's version info of a micro-service; null when it has no version endpoint. */
export async function loadVersionInfo(code: string, http: Pick<HttpClient, 'request'>): Promise<VersionInfo | null> {
  try {
    const answer = await http.request<Partial<VersionInfo> | null>({
      url: versionEndpointUrl(code),
      noIntercept: true,
    });
    const data = answer.data;
    if (!data) return null;
    return {
      name: text(data.name),
      appVersion: text(data.appVersion),
      serverVersion: text(data.serverVersion),
      packageDate: text(data.packageDate),
      webCodeVersion: text(data.webCodeVersion),
      date: text(data.date),
    };
  } catch {
    return null;
  }
}

/** `/{root}/{code}-version/version.json`: the history, newest first as served; [] when missing or malformed. */
export async function loadVersionHistory(
  root: string,
  code: string,
  http: Pick<HttpClient, 'request'>,
): Promise<VersionHistoryEntry[]> {
  try {
    const url = endpointPath(CHROME_PATHS.versionHistory, { root, dir: `${code}-version` });
    const list = await http.request<unknown>({ url, raw: true, noIntercept: true });
    if (!Array.isArray(list)) return [];
    return list
      .filter((entry): entry is VersionHistoryEntry => typeof entry?.version === 'string')
      .map((entry) => ({
        version: entry.version,
        date: text(entry.date),
        metto: { cn: text(entry.metto?.cn), en: text(entry.metto?.en) },
      }));
  } catch {
    return [];
  }
}

/**
 * A history note in the page's language: English for en, Chinese otherwise (the other when one is missing). The
 * Chinese note may carry §8's `简体|||English|||繁體`, so zh-HK reads its own third part.
 */
export function versionNote(entry: VersionHistoryEntry, language: Language): string {
  const { cn, en } = entry.metto;
  if (language === 'en') return en || splitBilingual(cn, 'en');
  return splitBilingual(cn, language) || en;
}
