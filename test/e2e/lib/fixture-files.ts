import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A real RGB PNG of `width` x `height` with a diagonal gradient. */
export function pngImage(width: number, height: number, tint: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      raw[row + 1 + x * 3] = Math.round(tint[0] * t);
      raw[row + 2 + x * 3] = Math.round(tint[1] * (1 - t));
      raw[row + 3 + x * 3] = tint[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG drawn on a canvas by the browser (Node has no JPEG encoder). */
export async function jpegImage(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const ctx = canvas.getContext('2d');
    const g = ctx.createLinearGradient(0, 0, ${width}, ${height});
    g.addColorStop(0, '#f59e0b');
    g.addColorStop(1, '#1e3a8a');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, ${width}, ${height});
    return canvas.toDataURL('image/jpeg', 0.9);
  })()`);
  return Buffer.from(String(dataUrl).split(',')[1]!, 'base64');
}

/** A small valid one-page PDF (proof of delivery). */
export function pdfDocument(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 32} >>\nstream\nBT /F1 14 Tf 20 70 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Width and height of a PNG or baseline/progressive JPEG, read from its header. */
export function imageSize(bytes: Buffer): { type: 'png' | 'jpeg'; width: number; height: number } {
  if (bytes.readUInt32BE(0) === 0x89504e47) {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('neither PNG nor JPEG');
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      return {
        type: 'jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    }
    at += 2 + length;
  }
  throw new Error('JPEG without a frame header');
}

/** Writes the journey's files into `dir` and returns their paths. */
export async function writeFixtureFiles(dir: string, page: Page) {
  await mkdir(dir, { recursive: true });
  const files = {
    wide: path.join(dir, 'lamp-wide.png'),
    tall: path.join(dir, 'lamp-tall.jpg'),
    small: path.join(dir, 'lamp-detail.png'),
    proof: path.join(dir, 'delivery-receipt.pdf'),
  };
  await writeFile(files.wide, pngImage(1600, 1000, [220, 120, 40]));
  await writeFile(files.tall, await jpegImage(page, 1200, 1600));
  await writeFile(files.small, pngImage(300, 200, [40, 160, 200]));
  await writeFile(files.proof, pdfDocument('Delivered and signed for'));
  return files;
}
