import { describe, expect, it } from 'vitest';
import { classicScriptBase, type ScriptBaseClues } from '../../../src/core/loaders/script-base';

// Issue 53: the classic script finds the files beside it however a platform loaded it — a tag, an inserted script,
// RequireJS, $.getScript (evaluated: no element, no currentScript) — and from whatever origin; phinit's assetsBase
// overrides every guess. The page's <base href> plays no part (the page's own address is the last resort).
const PAGE = 'https://school.example/pages/notice/pc_notice_tm/index.html';
const clues = (over: Partial<ScriptBaseClues>): ScriptBaseClues => ({
  currentScript: '',
  scripts: [],
  fetched: [],
  pageHref: PAGE,
  ...over,
});

describe('classicScriptBase', () => {
  it.each<[string, Partial<ScriptBaseClues>, string]>([
    [
      'a <script> tag: the script that ran',
      { currentScript: 'https://cdn.example/ph/1.0/ph-widgets.js', scripts: ['https://other.example/ph-widgets.js'] },
      'https://cdn.example/ph/1.0/',
    ],
    [
      'an evaluated script: the last <script> of the bundle on the page',
      { scripts: ['https://school.example/js/jquery.js', 'https://cdn.example/ph/ph-widgets.js?v=3'] },
      'https://cdn.example/ph/',
    ],
    [
      '$.getScript by XHR: the fetched bundle (resource timing)',
      {
        scripts: ['https://school.example/js/jquery-1.12.4.js'],
        fetched: ['https://school.example/api/x', 'https://school.example/static/ph-widgets/ph-widgets.js?_=1'],
      },
      'https://school.example/static/ph-widgets/',
    ],
    ['a minified copy', { fetched: ['https://cdn.example/lib/ph-widgets.min.js'] }, 'https://cdn.example/lib/'],
    [
      'assetsBase above every guess, as a path on the page origin',
      { assetsBase: '/platform/static/ph-widgets', currentScript: 'https://cdn.example/ph-widgets.js' },
      'https://school.example/platform/static/ph-widgets/',
    ],
    ['assetsBase as a URL', { assetsBase: 'https://cdn.example/ph/2.0/' }, 'https://cdn.example/ph/2.0/'],
    ['nothing known: beside the page', {}, 'https://school.example/pages/notice/pc_notice_tm/'],
  ])('%s', (_, given, folder) => {
    expect(classicScriptBase(clues(given))).toBe(folder);
  });

  it('never takes a script of another name for the bundle', () => {
    const base = classicScriptBase(
      clues({ scripts: ['https://cdn.example/my-ph-widgets.js.map', 'https://cdn.example/ph-widgets.uploader.js'] }),
    );
    expect(base).toBe('https://school.example/pages/notice/pc_notice_tm/');
  });
});
