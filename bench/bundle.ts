import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request } from 'node:http';
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

/** Bytes of one GET as they travel (compressed as the server chooses for `encoding`). */
function wireBytes(url: string, encoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'none' }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The first-load JS as it travels from the running server: each file fetched over HTTP as a
 * browser asks for it (`br, gzip`), the compressed bytes counted on the wire.
 */
export async function firstLoadOverHttp(baseUrl: string, files: { file: string }[]) {
  const fetched = await Promise.all(
    files.map(async (f) => ({
      file: f.file,
      ...(await wireBytes(baseUrl + f.file, 'gzip, deflate, br')),
    })),
  );
  return { files: fetched, total: fetched.reduce((sum, f) => sum + f.bytes, 0) };
}
