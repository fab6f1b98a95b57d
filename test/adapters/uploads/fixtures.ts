import { crc32, deflateSync } from 'node:zlib';

const b64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A real 1x1 red PNG: signature, IHDR, one deflated scanline, IEND. */
export function png(): Uint8Array {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]); // 1x1, 8-bit RGB
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0])); // filter byte + one red pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The classic 1x1 transparent GIF89a. */
export const gif = () => b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');

/** A 1x1 baseline JPEG (JFIF header, quantisation and Huffman tables, one scan). */
export const jpeg = () =>
  b64(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////' +
      '////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAB' +
      'PxA=',
  );

/** A 1x1 lossless WebP (RIFF container, VP8L chunk). */
export const webp = () => b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');

/** A small but complete PDF: header, catalog, pages, xref and trailer. */
export function pdf(): Uint8Array {
  return new TextEncoder().encode(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
      'xref',
      '0 3',
      'trailer << /Size 3 /Root 1 0 R >>',
      'startxref',
      '0',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/** A zip archive with stored (uncompressed) entries: local headers, central directory, end. */
export function zip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const fileName = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A minimal Word document: the content-types part names word/document.xml as the main part. */
export const docx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/' +
      `package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`,
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/' +
      'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Delivered</w:t></w:r></w:p></w:body></w:document>',
  });

/** An OLE compound file header (what a .doc, .xls or .msi starts with), padded to one sector. */
export function compoundFile(): Uint8Array {
  const bytes = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  bytes.writeUInt16LE(0x003e, 24); // minor version
  bytes.writeUInt16LE(0x0003, 26); // major version 3
  bytes.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  bytes.writeUInt16LE(9, 30); // 512-byte sectors
  return bytes;
}

/** A DOS/Windows executable header. */
export function exe(): Uint8Array {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c); // offset of the PE header
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export const text = (content: string) => new TextEncoder().encode(content);
