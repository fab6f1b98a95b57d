import { validation } from './errors';
import { hiddenCharactersError } from './text';

export const MAX_TRACKING_FILES = 10;
export const MAX_TRACKING_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_TRACKING_NUMBER_LENGTH = 200;
export const TRACKING_REQUIRED_MESSAGE =
  'Please provide either a tracking number or upload files as proof of delivery';

/** Proof-of-delivery types (spec: images, PDF, doc, docx, txt), by MIME type. */
export const TRACKING_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;

/** The names a proof's file may end in, one list for each of those types. */
const PROOF_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'txt', 'text'];

/** The `accept` list for the file picker: the image types, and every proof's extension. */
export const TRACKING_ACCEPT = [
  ...TRACKING_MIME_TYPES.filter((type) => type.startsWith('image/')),
  ...PROOF_EXTENSIONS.map((ext) => `.${ext}`),
].join(',');

/**
 * Whether a picked file can be a proof (a picker's `accept` is only a hint: "All files" picks
 * anything): by its name's extension, or without one by the type the browser gives it. The
 * server checks the bytes.
 */
export function proofFileAllowed(file: { name: string; type: string }): boolean {
  const dot = file.name.lastIndexOf('.');
  if (dot > 0) return PROOF_EXTENSIONS.includes(file.name.slice(dot + 1).toLowerCase());
  return (TRACKING_MIME_TYPES as readonly string[]).includes(file.type);
}

/** Why a picked file cannot be a proof. */
export const notAProof = (name: string) =>
  `${name} is not an image, PDF, Word document or text file`;

/** Trims the tracking number; demands a number or at least one file (spec section 5). */
export function parseTracking(trackingNumber: unknown, fileCount: number): string | null {
  if (
    trackingNumber !== undefined &&
    trackingNumber !== null &&
    typeof trackingNumber !== 'string'
  ) {
    throw validation('Tracking number must be text');
  }
  const trimmed = (trackingNumber ?? '').trim();
  if (!trimmed && fileCount === 0) throw validation(TRACKING_REQUIRED_MESSAGE);
  if (trimmed.length > MAX_TRACKING_NUMBER_LENGTH) {
    throw validation(`Tracking number can be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`);
  }
  const hidden = hiddenCharactersError('Tracking number', trimmed);
  if (hidden) throw validation(hidden);
  if (fileCount > MAX_TRACKING_FILES) {
    throw validation(`You can upload at most ${MAX_TRACKING_FILES} files`);
  }
  return trimmed || null;
}

/** "1536" -> "1.5 KB": human-readable sizes for file lists. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  // Compare against the rounded figure, so 1048575 bytes reads "1.0 MB", not "1024 KB".
  while (value >= 1023.5 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 9.95 ? 1 : 0)} ${units[unit]}`;
}

/**
 * The name a file was uploaded under, as a thread shows it: its last path part, without control
 * or format characters, at most 100 characters (a message's files and a proof of delivery alike); "file"
 * if none.
 */
export function uploadedName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters, and format characters (a right-to-left override makes "exe.pdf" of
  // "fdp.exe"; zero-width ones hide): the name is shown, it should read as it is.
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\p{Cf}]/gu, '').trim();
  return [...clean].slice(0, 100).join('') || 'file';
}
