const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Every type the store can hold: its stored extension and the extensions a name may carry. */
export const MEDIA_TYPES: Record<string, { ext: string; names: readonly string[] }> = {
  'image/jpeg': { ext: 'jpg', names: ['jpg', 'jpeg'] },
  'image/png': { ext: 'png', names: ['png'] },
  'image/gif': { ext: 'gif', names: ['gif'] },
  'image/webp': { ext: 'webp', names: ['webp'] },
  'application/pdf': { ext: 'pdf', names: ['pdf'] },
  [DOCX]: { ext: 'docx', names: ['docx'] },
  'application/msword': { ext: 'doc', names: ['doc'] },
  'text/plain': { ext: 'txt', names: ['txt', 'text'] },
};

/** The MIME type of a stored extension, or undefined when the store never writes it. */
export function mimeOfExtension(ext: string): string | undefined {
  return Object.entries(MEDIA_TYPES).find(([, type]) => type.ext === ext)?.[0];
}

/** The extension of a declared file name, lower-cased, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/**
 * The real type of the bytes: magic bytes first; text has none, so bytes no detector knows are
 * text/plain only when they are valid UTF-8 without control characters other than tab, CR, LF.
 * An OLE compound file is a .doc only when it is declared as one (it may be .xls, .msi ...).
 */
export async function detectMime(data: Uint8Array, declaredName: string): Promise<string | null> {
  // Loaded on the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  if (found) {
    if (found.mime === 'application/x-cfb') {
      return extensionOf(declaredName) === 'doc' ? 'application/msword' : found.mime;
    }
    return found.mime;
  }
  return isPlainText(data) ? 'text/plain' : null;
}

// C0 controls except tab, LF, CR; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Valid UTF-8 with no NUL or control characters besides tab, CR and LF. */
export function isPlainText(data: Uint8Array): boolean {
  if (data.byteLength === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  return !CONTROL.test(text);
}

/** "an image, PDF, Word document or text file": what `allowed` lets through, for messages. */
export function describeAllowed(allowed: readonly string[]): string {
  const labels: string[] = [];
  const add = (label: string) => labels.includes(label) || labels.push(label);
  for (const mime of allowed) {
    if (mime.startsWith('image/')) add('image');
    else if (mime === 'application/pdf') add('PDF');
    else if (mime === DOCX || mime === 'application/msword') add('Word document');
    else if (mime === 'text/plain') add('text file');
    else add(mime);
  }
  if (labels.length === 0) return 'an accepted file';
  const article = /^[aeiouAEIOU]/.test(labels[0]!) && labels[0] !== 'PDF' ? 'an' : 'a';
  const list =
    labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
  return `${article} ${list}`;
}

/** A short description of a real type for a mismatch message ("a text file", "a PNG image"). */
export function describeMime(mime: string): string {
  if (mime.startsWith('image/')) return `a ${mime.slice(6).toUpperCase()} image`;
  if (mime === 'application/pdf') return 'a PDF';
  if (mime === DOCX || mime === 'application/msword') return 'a Word document';
  if (mime === 'text/plain') return 'a text file';
  return `a ${mime} file`;
}
