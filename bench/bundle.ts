import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzipped size of the JS the marketplace page loads first: entry script and its preloads. */
export function firstLoadJs(
  webDir: string,
): { files: { file: string; gzip: number }[]; total: number } | null {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const files = [...new Set(srcs)].map((src) => ({
    file: src,
    gzip: gzipSync(readFileSync(path.join(webDir, src.replace(/^\//, '')))).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}
