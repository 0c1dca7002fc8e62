import { MAX_CHUNK_BYTES } from '../api/upload-wire';
import type { UploadQueueOptions } from './queue';

// The settings a page writes on <ph-uploader> as text (attributes), read into engine options. Read leniently, as
// HTML does: a value that makes no sense is ignored (the default applies) rather than breaking the element.

/** Units of a byte size, in powers of 1024 (as formatBytes writes them). */
const UNITS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** `'10MB'`, `'1.5 GiB'`, `'500k'`, `'512 B'`, `'1048576'` or a number → bytes; undefined when it is not a size. */
export function parseByteSize(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:([kmgt])(?:i?b)?|b)?\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  return Math.floor(Number(match[1]) * (match[2] ? (UNITS[match[2].toLowerCase()] as number) : 1));
}

/** Smallest chunk worth a request of its own; the largest is what the server takes (wire.ts MAX_CHUNK_BYTES). */
export const MIN_CHUNK_SIZE = 64 * 1024;

/** The attributes of <ph-uploader> that configure the engine, as the page wrote them. */
export interface UploaderSettings {
  /** §3 `serverid`: which file store receives the files (default `base`). */
  serverid?: string;
  /** Chunk size, with a unit or in bytes (`2MB`, `512k`; default 2 MB, kept between 64 KB and the server's limit). */
  chunkSize?: string | number;
  /** Chunk uploads of one file in flight at once (default 3); as many checks run just ahead of them. */
  parallel?: string | number;
  /** Largest file taken, with a unit or in bytes (`500MB`; default 1 GB, the store's limit). */
  maxSize?: string | number;
  /** File types taken, as a file input's `accept` (`.pdf,image/*`); also checked for dropped files. */
  accept?: string;
  /** Waits before each retry of a failed request, a JSON array of milliseconds (`[1000, 3000, 5000]`). */
  retryDelays?: string;
}

export type UploaderOptions = Pick<
  UploadQueueOptions,
  'serverid' | 'chunkSize' | 'parallel' | 'maxSize' | 'accept' | 'retryDelays'
>;

function positiveInteger(value: string | number | undefined): number | undefined {
  const number = typeof value === 'number' ? value : Number(value?.trim() || Number.NaN);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

function delays(text: string | undefined): number[] | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((ms) => typeof ms === 'number' && ms >= 0 && ms <= 600_000)
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/** Engine options from the attributes: sizes with units, chunk size within what the server takes, the rest as given. */
export function uploaderOptions(settings: UploaderSettings): UploaderOptions {
  const chunkSize = parseByteSize(settings.chunkSize);
  const options: UploaderOptions = {
    serverid: settings.serverid?.trim() || undefined,
    chunkSize: chunkSize === undefined ? undefined : Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_SIZE, chunkSize)),
    parallel: positiveInteger(settings.parallel),
    maxSize: parseByteSize(settings.maxSize),
    accept: settings.accept?.trim() || undefined,
    retryDelays: delays(settings.retryDelays),
  };
  // Absent keys rather than undefined ones: spread over the defaults, they must not erase them.
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as UploaderOptions;
}
