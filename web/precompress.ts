/**
 * After `vite build`: a brotli (quality 11) and a gzip (level 9) copy beside every text file
 * of dist/web. The server hands these out as they are (koa-send picks `.br` or `.gz` by the
 * request's Accept-Encoding), so the SPA travels at the best ratio without the server
 * compressing the same immutable files again for every visitor.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist', 'web');
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;

let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = await readFile(file);
  if (bytes.length < 1024) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += br.length;
}
console.log(
  `precompressed dist/web: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB brotli`,
);
