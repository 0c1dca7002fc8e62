// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { $language } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { $exporting, download, exportTable } from '../../../src/core/util';

interface Submitted {
  action: string;
  method: string;
  fields: [string, string][];
  hidden: boolean;
}

let submitted: Submitted[];

beforeEach(() => {
  vi.useFakeTimers();
  submitted = [];
  $notices.set([]);
  $exporting.set(false);
  document.body.innerHTML = '<table id="scores"><tr><td>Li</td><td>98</td></tr></table>';
  // Record what the browser would send instead of navigating.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    expect(this.isConnected).toBe(true);
    submitted.push({
      action: this.getAttribute('action') ?? '',
      method: this.method.toUpperCase(),
      fields: [...this.querySelectorAll('input')].map((input) => [input.name, input.value]),
      hidden: this.style.display === 'none' && [...this.querySelectorAll('input')].every((i) => i.type === 'hidden'),
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  $language.set('zh-CN');
});

describe('exportTable (§7 table2xls form POST)', () => {
  it('posts title and the table outerHTML from a hidden form, which is removed after 500 ms', () => {
    const table = document.getElementById('scores') as HTMLTableElement;
    expect(exportTable(table, 'Scores')).toBe('sent');
    expect(submitted).toEqual([
      {
        action: ENDPOINTS.tableExport,
        method: 'POST',
        fields: [
          ['title', 'Scores'],
          ['data', table.outerHTML],
        ],
        hidden: true,
      },
    ]);
    expect(document.querySelectorAll('form')).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(document.querySelectorAll('form')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('finds the table by selector and posts to a configured URL', () => {
    expect(exportTable('#scores', '成绩', { url: '/api/custom/xls' })).toBe('sent');
    expect(submitted[0]?.action).toBe('/api/custom/xls');
    expect(submitted[0]?.fields[1]?.[1]).toContain('<td>98</td>');
  });

  it('stays busy for 800 ms so a second click does not export twice', () => {
    exportTable('#scores', 'a');
    expect($exporting.get()).toBe(true);
    expect(exportTable('#scores', 'a')).toBe('busy');
    vi.advanceTimersByTime(799);
    expect($exporting.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect($exporting.get()).toBe(false);
    expect(exportTable('#scores', 'a')).toBe('sent');
    expect(submitted).toHaveLength(2);
  });

  it('warns "Please specify the table to download" in the current language when there is no table', () => {
    expect(exportTable('#missing', 'x')).toBe('no-table');
    $language.set('en');
    expect(exportTable(null, 'x')).toBe('no-table');
    expect($notices.get().map((notice) => [notice.kind, notice.message])).toEqual([
      ['warning', '请指定要下载的表格'],
      ['warning', 'Please specify the table to download'],
    ]);
    expect(submitted).toEqual([]);
    expect($exporting.get()).toBe(false);
  });
});

describe('download (§7 hidden form)', () => {
  it('sends the parameters by GET by default, repeating array values and skipping empty ones', () => {
    download('/api/storage/download', { id: 7, names: ['a', 'b'], none: undefined, nil: null });
    expect(submitted).toEqual([
      {
        action: '/api/storage/download',
        method: 'GET',
        fields: [
          ['id', '7'],
          ['names', 'a'],
          ['names', 'b'],
        ],
        hidden: true,
      },
    ]);
    vi.advanceTimersByTime(500);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('keeps a query already in the URL, since a GET form would drop it', () => {
    download('/api/file?token=a%26b&ids=1&ids=2', { ids: ['3'], name: 'x' });
    expect(submitted[0]).toMatchObject({
      action: '/api/file',
      fields: [
        ['token', 'a&b'],
        ['ids', '3'],
        ['name', 'x'],
      ],
    });
    download('/api/file?__proto__=p', {});
    expect(submitted[1]).toMatchObject({ action: '/api/file', fields: [['__proto__', 'p']] });
    download('/api/file?token=t', { name: 'x' }, 'POST');
    expect(submitted[2]).toMatchObject({ action: '/api/file?token=t', fields: [['name', 'x']] });
  });

  it('sends by POST when asked, values as text', () => {
    download('/api/export', { q: '<b>&"', ok: true }, 'POST');
    expect(submitted[0]).toMatchObject({
      method: 'POST',
      fields: [
        ['q', '<b>&"'],
        ['ok', 'true'],
      ],
    });
  });
});
