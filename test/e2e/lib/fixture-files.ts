import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { encodePng } from '@cli/seed/png';

/** A real RGB PNG of `width` x `height` with a diagonal gradient. */
export const pngImage = (width: number, height: number, tint: [number, number, number]) =>
  encodePng(width, height, (x, y) => {
    const t = (x + y) / (width + height);
    return [Math.round(tint[0] * t), Math.round(tint[1] * (1 - t)), tint[2]];
  });

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
