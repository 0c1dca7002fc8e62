import { MAX_BASE64_IMAGE_BYTES } from '../../../src/core/api/wire';
import { ApiError, errors, fieldError, type Text } from '../envelope';

/** Body limit of routes that carry a base64 image: the largest allowed image, base64-inflated, plus form overhead. */
export const BASE64_BODY_LIMIT = Math.ceil((MAX_BASE64_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const SIGNATURES: [string, number[]][] = [
  ['jpg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['bmp', [0x42, 0x4d]],
  ['webp', [0x52, 0x49, 0x46, 0x46]],
  ['tif', [0x49, 0x49, 0x2a, 0x00]],
  ['tif', [0x4d, 0x4d, 0x00, 0x2a]],
];

export interface DecodedImage {
  bytes: Buffer;
  /** Detected from the leading bytes, not from any name the client sent. */
  ext: string;
}

/** Accepts bare base64 or a data URL; rejects empty, oversized and non-image payloads. */
export function decodeBase64Image(input: string, field = 'faceImage'): DecodedImage {
  const base64 = input.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s+/g, '');
  const invalid = (text: Text) => new ApiError(400, 'bad_image', text, [fieldError(field, text)]);
  if (!base64) throw invalid({ zh: '图片为空', en: 'The image is empty' });
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    throw invalid({ zh: '图片编码无效', en: 'The image is not valid base64' });
  if (Math.floor((base64.length * 3) / 4) > MAX_BASE64_IMAGE_BYTES + 2) throw errors.tooLarge();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_BASE64_IMAGE_BYTES) throw errors.tooLarge();
  const match = SIGNATURES.find(([, magic]) => magic.every((byte, i) => bytes[i] === byte));
  if (!match) {
    throw invalid({ zh: '不是有效的图片', en: 'The data is not an image (JPEG, PNG, GIF, BMP, TIFF or WebP)' });
  }
  return { bytes, ext: match[0] };
}
