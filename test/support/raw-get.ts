import { request } from 'node:http';

/** A GET whose body is counted as it travels (compressed), with the headers given. */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string>;
    bytes: number;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          bytes: body.length,
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
