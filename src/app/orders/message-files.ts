import { MAX_TRACKING_FILE_BYTES, TRACKING_MIME_TYPES, uploadedName } from '../../domain/tracking';
import type { UploadStore } from '../ports';
import { discard } from '../products/listing-images';
import type { UploadedFile } from './upload-tracking';

/**
 * Stores a message's files (evidence) with the checks and limits of delivery proofs, then runs
 * `work` with their stored names and the names they were uploaded under; the files are removed
 * again when `work` fails.
 */
export async function withStoredFiles<T>(
  uploads: UploadStore,
  files: readonly UploadedFile[],
  work: (stored: { files: string[]; fileNames: string[] }) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  try {
    for (const file of files) {
      const stored = await uploads.save(file.bytes, {
        kind: 'proof',
        allowed: TRACKING_MIME_TYPES,
        maxBytes: MAX_TRACKING_FILE_BYTES,
        declaredName: file.name,
      });
      saved.push(stored.name);
    }
    return await work({ files: saved, fileNames: files.map((f) => uploadedName(f.name)) });
  } catch (error) {
    await discard(uploads, saved);
    throw error;
  }
}
