import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DISALLOWED_EXTENSIONS, IMAGE_EXTENSIONS } from '../../../src/core/api/wire';
import { $language } from '../../../src/core/i18n/translate';
import {
  checkUploadFile,
  DISALLOWED_EXTENSIONS_SHORT,
  fileExtension,
  isImageName,
  isMediaName,
  MEDIA_EXTENSIONS,
} from '../../../src/core/validate';

afterEach(() => $language.set('zh-CN'));

const base = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
const anyCase = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((upper) =>
    text
      .split('')
      .map((c, i) => (upper[i] ? c.toUpperCase() : c))
      .join(''),
  );

describe('fileExtension', () => {
  it.each([
    ['report.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['README', ''],
    ['dir.v2/README', ''],
    ['C:\\dir.v2\\README', ''],
    ['virus.exe.', 'exe'],
    ['virus.exe  ', 'exe'],
    ['.bashrc', 'bashrc'],
  ])('%s → %s', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('checkUploadFile (§5)', () => {
  it('refuses every listed extension in any letter case (the deliberate difference from the spec)', () => {
    expect(checkUploadFile({ name: 'virus.EXE', size: 1 })).toMatchObject({ ok: false, reason: 'extension' });
    fc.assert(
      fc.property(
        base,
        fc.constantFrom(...DISALLOWED_EXTENSIONS).chain(anyCase),
        (name, ext) => !checkUploadFile({ name: `${name}.${ext}`, size: 1 }).ok,
      ),
    );
  });

  it('accepts other extensions under the limit', () => {
    expect(checkUploadFile({ name: 'lesson.docx', size: 10 }, { maxSize: 10 })).toEqual({ ok: true });
    expect(checkUploadFile({ name: 'exe', size: 10 })).toEqual({ ok: true }); // a name, not an extension
    expect(checkUploadFile({ name: 'notes.txt.pdf', size: 10 })).toEqual({ ok: true });
  });

  it('offers the short list as an option: txt passes, jsp does not', () => {
    const options = { disallowed: DISALLOWED_EXTENSIONS_SHORT };
    expect(checkUploadFile({ name: 'notes.txt', size: 1 }, options)).toEqual({ ok: true });
    expect(checkUploadFile({ name: 'notes.txt', size: 1 })).toMatchObject({ ok: false });
    expect(checkUploadFile({ name: 'page.JSP', size: 1 }, options)).toMatchObject({ ok: false, extension: 'jsp' });
  });

  it('refuses files larger than the limit, with a bilingual message', () => {
    const result = checkUploadFile({ name: 'video.mp4', size: 2 * 1024 * 1024 + 1 }, { maxSize: 2 * 1024 * 1024 });
    expect(result).toEqual({ ok: false, reason: 'size', maxSize: 2097152, message: '文件大小超出限制（2 MB）' });
    $language.set('en');
    expect(checkUploadFile({ name: 'a.mp4', size: 11 }, { maxSize: 10 })).toMatchObject({
      message: 'The file size exceeds the limit (10 B)',
    });
  });

  it('names the refused extension in the message', () => {
    $language.set('en');
    expect(checkUploadFile({ name: 'x.Php', size: 1 })).toMatchObject({
      message: 'Files of this type cannot be uploaded (.php)',
    });
  });

  it('passes exactly the sizes up to the limit', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (size, maxSize) => {
        return checkUploadFile({ name: 'a.pdf', size }, { maxSize }).ok === size <= maxSize;
      }),
    );
  });
});

describe('isImageName / isMediaName (§5)', () => {
  it('recognises the image extensions in any case', () => {
    expect(isImageName('photo.JPG')).toBe(true);
    expect(isImageName('photo.Tif')).toBe(true);
    expect(isImageName('photo.webp')).toBe(false);
    expect(isImageName('jpg')).toBe(false);
    fc.assert(
      fc.property(base, fc.constantFrom(...IMAGE_EXTENSIONS).chain(anyCase), (n, e) => isImageName(`${n}.${e}`)),
    );
  });

  it('recognises the audio and video extensions in any case', () => {
    expect(isMediaName('talk.M4A')).toBe(true);
    expect(isMediaName('clip.rmvb')).toBe(true);
    expect(isMediaName('clip.webm')).toBe(false);
    fc.assert(
      fc.property(base, fc.constantFrom(...MEDIA_EXTENSIONS).chain(anyCase), (n, e) => isMediaName(`${n}.${e}`)),
    );
  });

  it('keeps the two lists apart', () => {
    for (const ext of IMAGE_EXTENSIONS) expect(isMediaName(`a.${ext}`)).toBe(false);
    for (const ext of MEDIA_EXTENSIONS) expect(isImageName(`a.${ext}`)).toBe(false);
  });
});
