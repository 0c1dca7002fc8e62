import { beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { $language } from '../../../src/core/i18n/translate';
import { uploadBase64Image, validateUpload } from '../../../src/core/upload';
import { answer, fakeStorage } from './fake-storage';

beforeEach(() => $language.set('en'));

describe('base64 image upload (§7 base64_convert_image, §5)', () => {
  it('sends serverid, the name without extension, the base64 part of a data URL and the type', async () => {
    const storage = fakeStorage();
    const stored = await uploadBase64Image(
      { image: 'data:image/png;base64,iVBORw0KGgo=', fileName: 'avatar.png' },
      { transport: storage.transport },
    );
    expect(stored.name).toBe('avatar.png');
    expect(storage.requests[0]).toMatchObject({
      path: ENDPOINTS.base64Image,
      multipart: false,
      fields: { serverid: 'base', fileName: 'avatar', base64Str: 'iVBORw0KGgo=', type: 'png' },
    });
    await uploadBase64Image(
      { image: 'R0lGOD', fileName: 'x', type: 'GIF', serverid: 'face' },
      { transport: storage.transport },
    );
    expect(storage.requests[1]?.fields).toMatchObject({
      serverid: 'face',
      fileName: 'x',
      base64Str: 'R0lGOD',
      type: 'gif',
    });
  });

  it('needs a non-empty image, a file name, an image type and an object payload, before any request', async () => {
    const storage = fakeStorage();
    const send = (input: unknown) => uploadBase64Image(input as never, { transport: storage.transport });
    await expect(send({ image: ' ', fileName: 'a' })).rejects.toMatchObject({ message: 'The image cannot be empty' });
    await expect(send({ image: 'data:image/png;base64,', fileName: 'a' })).rejects.toMatchObject({
      message: 'The image cannot be empty',
    });
    await expect(send({ image: 'AAAA', fileName: '  ' })).rejects.toMatchObject({
      message: 'The file name cannot be empty',
    });
    await expect(send({ image: 'AAAA', fileName: '.png' })).rejects.toMatchObject({
      message: 'The file name cannot be empty',
    });
    await expect(send({ image: 'AAAA', fileName: 'a', type: 'exe' })).rejects.toMatchObject({ status: 501 });
    await expect(send('AAAA')).rejects.toMatchObject({ message: 'file type error', status: 501 });
    expect(storage.requests).toHaveLength(0);
  });

  it('reports a refused image as an uploaderror with the server message', async () => {
    const storage = fakeStorage();
    storage.fail(ENDPOINTS.base64Image, answer(400));
    await expect(
      uploadBase64Image({ image: 'AAAA', fileName: 'a', type: 'png' }, { transport: storage.transport }),
    ).rejects.toMatchObject({
      type: 'uploaderror',
      warning: '400：Upload failed: Something failed',
    });
  });
});

describe('validateUpload (§5)', () => {
  it.each([
    [null, 'file type error', 501],
    ['a.png', 'file type error', 501],
    [[new Blob(['x'])], 'file type error', 501],
    [{}, 'Not find file', undefined],
    [{ file: 'x' }, 'Not find file', undefined],
  ])('%o → %s', (payload, message, status) => {
    expect(validateUpload(payload)).toMatchObject({ type: 'validation', message, status });
  });

  it('checks the extension of the item name and the size limit (1 GiB by default)', () => {
    expect(validateUpload({ file: new Blob(['x']), fileName: 'a.jsp' })?.message).toContain('.jsp');
    expect(validateUpload({ file: new Blob(['x']), fileName: 'a.jsp' }, { disallowed: ['exe'] })).toBeNull();
    const huge = { size: 2 * 1024 ** 3 } as Blob;
    Object.setPrototypeOf(huge, Blob.prototype);
    expect(validateUpload({ file: huge, fileName: 'big.mp4' })?.message).toBe('The file size exceeds the limit (1 GB)');
  });
});
