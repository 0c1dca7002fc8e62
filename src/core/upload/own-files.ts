import type { OwnFile, OwnFiles } from '../api/types';
import { OWN_FILES_PATH } from '../api/upload-paths';
import type { HttpClient } from '../http/client-types';
import { HttpError } from '../http/errors';
import { addStrings, type StringTable, t } from '../i18n/translate';

// "My files": the caller's own stored files (GET /api/storage/my_files, a call this project added; no §7 call lists
// files). A platform that serves §7 as written has no such call and answers 404: the list then says that it is not
// available there, which is no error (issue 53).

/**
 * Its one sentence, a table of its own: legacy pages reach this through `PH.readOwnFiles`, and the uploader's whole
 * table (./strings) would then weigh on every page that loads the classic script.
 */
export const OWN_FILES_STRINGS: StringTable = {
  'zh-CN': { 'upload.ownFiles.unavailable': '本平台未提供“我的文件”' },
  en: { 'upload.ownFiles.unavailable': 'My files is not available on this platform' },
  'zh-HK': { 'upload.ownFiles.unavailable': '本平台未提供「我的檔案」' },
};
let added = false;

export type OwnFilesState =
  | { status: 'listed'; list: OwnFile[]; total: number }
  /** The platform has no "My files" call: `text` says so, in the current language. */
  | { status: 'unavailable'; text: string }
  /** Any other failure, with its message: the list could not be read this time. */
  | { status: 'failed'; message: string };

/** What a failed "My files" call means for the list: a 404 (no such call here) is a state, anything else a failure. */
export function ownFilesFailure(error: unknown): OwnFilesState {
  if (error instanceof HttpError && error.kind === 'http' && error.response?.status === 404) {
    if (!added) {
      addStrings(OWN_FILES_STRINGS);
      added = true;
    }
    return { status: 'unavailable', text: t('upload.ownFiles.unavailable') };
  }
  return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Reads "My files" without the global error notice (no toast for any failure: the list shows its state itself, as the
 * page did before).
 */
export async function readOwnFiles(http: Pick<HttpClient, 'request'>): Promise<OwnFilesState> {
  try {
    const answer = await http.request<OwnFiles>({ url: OWN_FILES_PATH, noIntercept: true });
    return { status: 'listed', list: answer.data.list, total: answer.data.total };
  } catch (error) {
    return ownFilesFailure(error);
  }
}
