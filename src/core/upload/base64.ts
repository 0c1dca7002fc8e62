import type { StoredFile } from '../api/types';
import { BASE64_IMAGE_PATH } from '../api/upload-paths';
import { DEFAULT_SERVER_ID, IMAGE_EXTENSIONS } from '../api/upload-wire';
import { fileExtension } from '../validate/files';
import { call } from './call';
import { dataOf, ruleError } from './errors';
import { uploadText } from './strings';
import { defaultTransport, type UploadTransport } from './transport';
import { FILE_TYPE_ERROR_STATUS } from './validate';

// §7 base64_convert_image: an image given as base64 (or a data URL) stored as `<fileName>.<type>`. §5: the image
// and the file name must not be empty; the payload must be an object.

export interface Base64ImageInput {
  /** Base64 text, or a data URL (`data:image/png;base64,...`) whose type is used when `type` is absent. */
  image: string;
  /** Name without extension; an image extension given here is taken as the type. */
  fileName: string;
  /** Image extension (gif, jpg, jpeg, bmp, png, tif). */
  type?: string;
  serverid?: string;
}

const DATA_URL = /^data:image\/([a-z0-9.+-]+);base64,/i;

function typeOfMime(subtype: string): string {
  const lower = subtype.toLowerCase();
  return lower === 'tiff' ? 'tif' : lower;
}

export async function uploadBase64Image(
  input: Base64ImageInput,
  options: { transport?: UploadTransport; signal?: AbortSignal } = {},
): Promise<StoredFile> {
  if (typeof input !== 'object' || input === null) {
    throw ruleError('validation', uploadText('upload.error.fileType'), FILE_TYPE_ERROR_STATUS);
  }
  const image = typeof input.image === 'string' ? input.image.trim() : '';
  const dataUrl = DATA_URL.exec(image);
  const base64Str = dataUrl ? image.slice(dataUrl[0].length) : image;
  if (base64Str === '') throw ruleError('validation', uploadText('upload.base64.imageRequired'));
  const rawName = typeof input.fileName === 'string' ? input.fileName.trim() : '';
  const nameExtension = fileExtension(rawName);
  const namedType = (IMAGE_EXTENSIONS as readonly string[]).includes(nameExtension) ? nameExtension : '';
  const fileName = namedType ? rawName.slice(0, -(namedType.length + 1)) : rawName;
  if (fileName === '') throw ruleError('validation', uploadText('upload.base64.nameRequired'));
  const type = (input.type || namedType || (dataUrl ? typeOfMime(dataUrl[1] as string) : '')).toLowerCase();
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(type)) {
    throw ruleError('validation', uploadText('upload.error.fileType'), FILE_TYPE_ERROR_STATUS);
  }
  const transport = options.transport ?? defaultTransport();
  const response = await call(transport, 'uploaderror', {
    path: BASE64_IMAGE_PATH,
    fields: { serverid: input.serverid || DEFAULT_SERVER_ID, fileName, base64Str, type },
    multipart: false,
    signal: options.signal,
  });
  return dataOf('uploaderror', response) as StoredFile;
}
