import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ApiError, errors, fieldError } from '../../envelope';
import type { ReceivedFile } from './temp-files';

export interface ParsedUpload<File extends ReceivedFile> {
  fields: Record<string, string>;
  file: (File & { filename: string }) | null;
}

const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

const badMultipart = () =>
  new ApiError(400, 'bad_multipart', { zh: '上传数据格式错误', en: 'Malformed multipart upload' });

/** What the file part is handed to `write` with: the fields that came before it, and whether busboy cut it short. */
export interface FilePart {
  fields: Record<string, string>;
  filename: string;
  truncated: () => boolean;
}

/**
 * Reads every part, in whatever order the client sent them: the file goes through `write`, told the fields that came
 * before it (a temp file when those do not say where it belongs), fields are kept as strings. On any failure the
 * written file is discarded.
 */
export async function readMultipart<File extends ReceivedFile>(
  request: FastifyRequest,
  write: (source: Readable, part: FilePart) => Promise<File>,
  discard: (file: ReceivedFile) => Promise<void>,
  maxFileBytes: number,
): Promise<ParsedUpload<File>> {
  if (!request.isMultipart()) throw badMultipart();
  const fields: Record<string, string> = {};
  let file: ParsedUpload<File>['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 1 } })) {
      if (part.type === 'file') {
        const source = part.file;
        const temp = await write(source, {
          fields: { ...fields },
          filename: part.filename,
          truncated: () => source.truncated,
        });
        file = { ...temp, filename: part.filename };
        if (part.file.truncated) throw errors.tooLarge();
      } else {
        // busboy cuts fields above the limit short; a cut value is rejected, never used.
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw errors.badRequest({ zh: `${part.fieldname} 过长`, en: `${part.fieldname} is too long` }, [
            fieldError(part.fieldname, { zh: '内容过长', en: 'Too long' }),
          ]);
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (file) await discard(file);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (TOO_LARGE_CODES.has(code)) throw errors.tooLarge();
    // The store's own failure (a file system call) is the server's, not a malformed body.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw badMultipart();
  }
  return { fields, file };
}
