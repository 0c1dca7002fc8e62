// The last step of `npm run build`: a brotli (quality 11) and a gzip (level 9) copy beside every script, stylesheet,
// JSON and WebAssembly file of dist/, made once here so that the reference server sends them as they are
// (@fastify/static's preCompressed) instead of 282 KB of plain runtime to every login page. HTML is left plain: the
// server reads HTML pages to hash their inline scripts into the CSP. zlib's asynchronous calls run on libuv's thread
// pool, so the files are compressed side by side on every core.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|json|wasm|svg)$/;
/** Below this a compressed copy saves too little to be worth a file (and a header). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `file.br` and `file.gz` beside `file`. */
export async function compressFile(file) {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { bytes: body.length, br: br.length, gz: gz.length };
}

/** Every file of `dir` (recursively) that gets compressed copies. */
export async function compressibleFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size >= MIN_BYTES) files.push(path);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const files = await compressibleFiles(dir);
  const results = await Promise.all(files.map(compressFile));
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  console.log(
    `compressed ${files.length} files of ${dir}/: ${mb(total('bytes'))} → brotli ${mb(total('br'))}, gzip ${mb(total('gz'))}`,
  );
}
