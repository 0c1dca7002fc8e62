import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import {
  APP_SHORT_NAMES,
  APP_TRADITIONAL_NAMES,
  APPS,
  MESSAGES,
  VERSION_HISTORY,
  VERSIONS,
} from '../../demo/server/db/seed-data';
import { ACCESS_STRINGS } from '../../src/core/access/strings';
import { FACE_STRINGS } from '../../src/core/face/strings';
import type { Language } from '../../src/core/i18n/language';
import { LOGIN_SHELL_STRINGS, PAGE_STRINGS } from '../../src/core/i18n/page-strings';
import { BUILTIN_STRINGS } from '../../src/core/i18n/strings';
import type { StringTable } from '../../src/core/i18n/translate';
import { OWN_FILES_STRINGS } from '../../src/core/upload/own-files';
import { UPLOAD_STRINGS } from '../../src/core/upload/strings';
import { FIELD_STRINGS } from '../../src/core/validate/fields';
import { VOICE_STRINGS } from '../../src/core/voice/strings';
import { FACE_ELEMENT_STRINGS } from '../../src/elements/ph-face/strings';
import { FOOTER_STRINGS } from '../../src/elements/ph-footer/strings';
import { HEADER_STRINGS } from '../../src/elements/ph-header/strings';
import { LOGIN_STRINGS } from '../../src/elements/ph-login/strings';
import { PICKER_STRINGS } from '../../src/elements/ph-picker/strings';
import { UPLOADER_STRINGS } from '../../src/elements/ph-uploader/strings';
import { SHELL_STRINGS } from '../../src/shell/strings';

// Issue 35: one word per term per language, held by docs/glossary.json over every text a user reads — the string
// tables, the demo language packs and the seed data — and no Simplified character in zh-HK text, no Traditional one
// in zh-CN text (OpenCC's tables). Traditional text is compared with OpenCC's standard form (`tw`), which keeps 說 and
// 咪高峰 (its `hk` table would turn them into the variants 説 and 咪高峯); the glossary lists the Hong Kong variants
// that form spells otherwise (`zh-HK-variants`).

interface Entry {
  term: string;
  use: string;
  not: string[];
}
const GLOSSARY = JSON.parse(readFileSync('docs/glossary.json', 'utf8')) as Record<Language, Entry[]> & {
  'zh-HK-variants': string[];
};
/** OpenCC's change of `text`, with the Hong Kong variants of the glossary put back. */
function traditionalOf(text: string): string {
  const converted = toTraditional(text);
  return [...converted]
    .map((char, index) => (GLOSSARY['zh-HK-variants'].includes([...text][index] ?? '') ? [...text][index] : char))
    .join('');
}
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
const LANGUAGES: Language[] = ['zh-CN', 'en', 'zh-HK'];

const TABLES: Record<string, StringTable> = {
  BUILTIN_STRINGS,
  PAGE_STRINGS,
  LOGIN_SHELL_STRINGS,
  LOGIN_STRINGS,
  FACE_ELEMENT_STRINGS,
  UPLOADER_STRINGS,
  FOOTER_STRINGS,
  PICKER_STRINGS,
  HEADER_STRINGS,
  SHELL_STRINGS,
  FACE_STRINGS,
  VOICE_STRINGS,
  ACCESS_STRINGS,
  UPLOAD_STRINGS,
  OWN_FILES_STRINGS,
  FIELD_STRINGS,
};

/** Demo pages that carry their texts in a `const TEXT = { 'zh-CN': {…}, en: {…}, 'zh-HK': {…} };` of their own. */
const PAGES_WITH_OWN_TEXTS = [
  'demo/pages/face/page.js',
  'demo/pages/work-chat/page.js',
  'demo/pages/voice/index.html',
  'demo/pages/upload/index.html',
  'demo/pages/pc_notice_tm/page.js',
  'demo/pages/pc_growth_spm/index.html',
  'demo/site/pages/grade/pc_grade_tm/index.html',
];

/** A page's TEXT object: a literal of strings only, so it is read as data (a page without one fails the test). */
function pageTexts(path: string): Record<Language, Record<string, string>> {
  const source = readFileSync(path, 'utf8');
  const start = source.indexOf('{', source.indexOf('const TEXT = {'));
  let depth = 0;
  let quote = '';
  for (let at = start; at < source.length; at++) {
    const char = source[at];
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = '';
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      return new Function(`return (${source.slice(start, at + 1)});`)() as Record<Language, Record<string, string>>;
    }
  }
  throw new Error(`${path}: no TEXT object`);
}

/** [where, text] of one language: every string table, the demo language packs and pages, the seed's texts. */
function textsOf(language: Language): [string, string][] {
  const texts: [string, string][] = [];
  for (const [name, table] of Object.entries(TABLES)) {
    for (const [key, text] of Object.entries(table[language] ?? {})) texts.push([`${name} ${key}`, text]);
  }
  const packs = 'demo/server/static/lang';
  for (const file of readdirSync(packs).filter((name) => name.startsWith(`${language}-`))) {
    const pack = JSON.parse(readFileSync(join(packs, file), 'utf8')) as Record<string, string>;
    for (const [key, text] of Object.entries(pack)) texts.push([`${file} ${key}`, text]);
  }
  for (const page of PAGES_WITH_OWN_TEXTS) {
    for (const [key, text] of Object.entries(pageTexts(page)[language])) texts.push([`${page} ${key}`, text]);
  }
  const part = (text: string) => text.split('|||')[LANGUAGES.indexOf(language)] ?? '';
  for (const message of MESSAGES) {
    texts.push(
      [`message ${message.id} meno`, part(message.meno)],
      [`message ${message.id} module`, part(message.module)],
    );
  }
  for (const [code, name] of VERSIONS) texts.push([`version ${code}`, part(name)]);
  for (const [code, version, , cn, en] of VERSION_HISTORY) {
    texts.push([`history ${code} ${version}`, language === 'en' ? en : part(cn)]);
  }
  for (const [code, , zh, en] of APPS) {
    const traditional = APP_TRADITIONAL_NAMES[code] ?? ['', ''];
    const short = APP_SHORT_NAMES[code] ?? ['', ''];
    const names = { 'zh-CN': [zh, short[0]], en: [en, short[1]], 'zh-HK': traditional }[language];
    for (const name of names) texts.push([`app ${code}`, name]);
  }
  return texts.filter(([, text]) => text !== '');
}

describe('glossary (docs/glossary.json)', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every text uses the glossary's word for each term`, () => {
      const misses = textsOf(language).flatMap(([where, text]) =>
        GLOSSARY[language].flatMap((entry) =>
          entry.not
            .filter((word) => text.toLowerCase().includes(word.toLowerCase()))
            .map((word) => `${where}: "${text}" says ${word}, the glossary says ${entry.use}`),
        ),
      );
      expect(misses).toEqual([]);
    });
  }

  it('zh-HK texts hold no Simplified character, zh-CN texts no Traditional one', () => {
    const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });
    const misses = [
      ...textsOf('zh-HK')
        .filter(([, text]) => traditionalOf(text) !== text)
        .map(([where, text]) => `zh-HK ${where}: "${text}" → "${traditionalOf(text)}"`),
      ...textsOf('zh-CN')
        .filter(([, text]) => toSimplified(text) !== text)
        .map(([where, text]) => `zh-CN ${where}: "${text}" → "${toSimplified(text)}"`),
    ];
    expect(misses).toEqual([]);
  });

  it('the glossary words themselves are in their language', () => {
    for (const entry of GLOSSARY['zh-HK']) expect(traditionalOf(entry.use)).toBe(entry.use);
  });
});
