import type { OwnFile } from '../api/types';
import { DEFAULT_PAGE_SIZE } from '../util/scroll';

// "My files" as a table (issue 56 item 9): the order and the page the list shows, decided here so that the page only
// draws rows. The server answers the newest files; sorting and paging them is the reader's choice, kept client-side.

export type OwnFilesSortKey = 'name' | 'size' | 'day';
export type OwnFilesOrder = 'asc' | 'desc';

export interface OwnFilesViewOptions {
  sort: OwnFilesSortKey;
  order: OwnFilesOrder;
  /** 1-based; clamped to the pages there are. */
  page: number;
  /** Names compare in this language's order. */
  language: string;
  /** §9 default page size 30. */
  pageSize?: number;
}

export interface OwnFilesView {
  rows: OwnFile[];
  /** 1-based, within 1..pages. */
  page: number;
  /** At least 1, so that an empty list still reads "page 1 of 1". */
  pages: number;
}

const MINUTE_MS = 60_000;

/**
 * The comparison of one sort: by its key, then by name ascending, then by MD5 (so that the order is total and paging
 * stable). Days compare to the minute, as shown: files of the same minute then read in name order.
 */
function ownFilesCompare(
  sort: OwnFilesSortKey,
  order: OwnFilesOrder,
  language: string,
): (a: OwnFile, b: OwnFile) => number {
  const names = new Intl.Collator(language, { numeric: true });
  const sign = order === 'asc' ? 1 : -1;
  const key: Record<OwnFilesSortKey, (a: OwnFile, b: OwnFile) => number> = {
    name: (a, b) => names.compare(a.name, b.name),
    size: (a, b) => a.size - b.size,
    day: (a, b) => Math.floor(a.keptAt / MINUTE_MS) - Math.floor(b.keptAt / MINUTE_MS),
  };
  return (a, b) =>
    sign * key[sort](a, b) || names.compare(a.name, b.name) || (a.md5 < b.md5 ? -1 : a.md5 > b.md5 ? 1 : 0);
}

/** The rows of the chosen page in the chosen order, and where that page is. */
export function viewOwnFiles(list: readonly OwnFile[], options: OwnFilesViewOptions): OwnFilesView {
  const size = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE));
  const pages = Math.max(1, Math.ceil(list.length / size));
  const page = Math.min(pages, Math.max(1, Math.floor(options.page) || 1));
  const sorted = [...list].sort(ownFilesCompare(options.sort, options.order, options.language));
  return { rows: sorted.slice((page - 1) * size, page * size), page, pages };
}

/**
 * The sort after a click on a column's header: the same column turns its order; another starts ascending for the name
 * and descending (largest, newest first) for size and day. Either way the view goes back to page 1.
 */
export function nextOwnFilesSort(
  current: { sort: OwnFilesSortKey; order: OwnFilesOrder },
  clicked: OwnFilesSortKey,
): { sort: OwnFilesSortKey; order: OwnFilesOrder; page: 1 } {
  if (current.sort === clicked) return { sort: clicked, order: current.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return { sort: clicked, order: clicked === 'name' ? 'asc' : 'desc', page: 1 };
}
