import { atom } from 'nanostores';
import { ENDPOINTS } from '../api/wire';
import { t } from '../i18n/translate';
import { notify } from '../notify';
import { pageSingleton } from '../shared';
import { type DomAdapter, defaultDom } from './dom';

// §7 table export and download helper: a hidden form submitted by the page, so the browser itself receives the
// attachment (with the session cookie) and no script has to hold the file.

/** §9: the export button stays busy this long, so a double click does not export twice. */
export const EXPORT_BUSY_MS = 800;
/** §9: the hidden form is removed this long after submitting. */
export const FORM_REMOVE_MS = 500;

/** True while an export is in progress (for a busy indicator). */
export const $exporting = /* @__PURE__ */ pageSingleton('exporting', () => atom(false));

export type FormMethod = 'GET' | 'POST';
export type FormFields = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

function submitHiddenForm(action: string, method: FormMethod, fields: FormFields, dom: DomAdapter): void {
  const { document } = dom;
  const form = document.createElement('form');
  form.action = action;
  form.method = method;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = String(item);
      form.appendChild(input);
    }
  }
  document.body.appendChild(form);
  form.submit();
  dom.setTimeout(() => form.remove(), FORM_REMOVE_MS);
}

export interface ExportTableOptions {
  /** The configured export URL; `ENDPOINTS.tableExport` when absent. */
  url?: string;
  dom?: DomAdapter;
}

export type ExportTableResult = 'sent' | 'no-table' | 'busy';

/**
 * Posts `title` and the table's outerHTML to the export endpoint. `table` may be the element or a selector.
 * Without a table it warns 'Please specify the table to download' in the current language.
 */
export function exportTable(
  table: HTMLTableElement | string | null | undefined,
  title: string,
  options: ExportTableOptions = {},
): ExportTableResult {
  const dom = options.dom ?? defaultDom();
  const element = typeof table === 'string' ? dom.document.querySelector(table) : table;
  if (!element) {
    notify('warning', t('rules.export.noTable'));
    return 'no-table';
  }
  if ($exporting.get()) return 'busy';
  $exporting.set(true);
  submitHiddenForm(options.url ?? ENDPOINTS.tableExport, 'POST', { title, data: element.outerHTML }, dom);
  dom.setTimeout(() => $exporting.set(false), EXPORT_BUSY_MS);
  return 'sent';
}

/**
 * Downloads through a hidden form: GET sends `params` as the query, POST as form fields. A GET form replaces the
 * action's own query, so any query already in `url` is carried over as fields first.
 */
export function download(url: string, params: FormFields = {}, method: FormMethod = 'GET', dom = defaultDom()): void {
  const query = url.indexOf('?');
  if (method !== 'GET' || query < 0) {
    submitHiddenForm(url, method, params, dom);
    return;
  }
  const carried = new URLSearchParams(url.slice(query + 1));
  // fromEntries defines own properties, so even a `__proto__` name stays an ordinary field.
  const fields = Object.fromEntries([...new Set(carried.keys())].map((name) => [name, carried.getAll(name)]));
  submitHiddenForm(url.slice(0, query), method, { ...fields, ...params }, dom);
}
