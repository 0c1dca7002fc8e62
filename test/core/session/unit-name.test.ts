import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/core/i18n/language';
import { unitNameIn } from '../../../src/core/session/unit-name';

// The unit's name in the page's language: the header, the shell's title and the unit's own page read it here. The
// Hong Kong forms of a Simplified name are splitBilingual's (hongkong-load.test.ts), once the converter has loaded.

const rows: [string, { unitName: string; unitEnName: string }, Language, string][] = [
  ['en with an English name', { unitName: '示范实验学校', unitEnName: 'Demo School' }, 'en', 'Demo School'],
  ['en without one, a plain name', { unitName: '示范实验学校', unitEnName: '' }, 'en', '示范实验学校'],
  ['en without one, a bilingual name', { unitName: '示范学校|||Demo School', unitEnName: '' }, 'en', 'Demo School'],
  ['zh-CN never the English name', { unitName: '示范实验学校', unitEnName: 'Demo School' }, 'zh-CN', '示范实验学校'],
  ['zh-CN, a bilingual name', { unitName: '示范学校|||Demo School', unitEnName: '' }, 'zh-CN', '示范学校'],
  ['zh-HK, the third part', { unitName: '示范学校|||Demo School|||示範學校', unitEnName: 'X' }, 'zh-HK', '示範學校'],
  [
    'en, English name beside a bilingual one',
    { unitName: '示范学校|||Demo', unitEnName: 'Demo School' },
    'en',
    'Demo School',
  ],
];

describe('unitNameIn', () => {
  it.each(rows)('%s', (_, session, language, expected) => {
    expect(unitNameIn(session, language)).toBe(expected);
  });
});
