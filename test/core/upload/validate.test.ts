import { afterEach, describe, expect, it } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { validateUpload } from '../../../src/core/upload';

// An empty file would "upload successfully" as nothing at all (issue 35): it is refused before anything is sent, in
// the page's language, whatever its type or the page's limits.
afterEach(() => {
  $language.set('zh-CN');
});

const file = (bytes: number, name: string) => new File([new Uint8Array(bytes)], name);

describe('validateUpload: an empty file', () => {
  it.each([
    ['zh-CN', '文件是空的（0 字节），没有可上传的内容'],
    ['en', 'The file is empty (0 bytes): there is nothing to upload'],
    ['zh-HK', '檔案是空的（0 位元組），沒有可上載的內容'],
  ] as const)('is refused in %s', (language, message) => {
    $language.set(language);
    expect(validateUpload({ file: file(0, 'notes.pdf') })).toMatchObject({ type: 'validation', message });
  });

  it('is refused before its type or size are looked at; one byte is a file like any other', () => {
    $language.set('en');
    expect(validateUpload({ file: file(0, 'setup.exe') }, { accept: '.pdf' })?.message).toMatch(/empty/);
    expect(validateUpload({ file: file(1, 'notes.pdf') })).toBeNull();
  });
});
