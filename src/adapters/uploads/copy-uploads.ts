import { sameBytes } from './same-bytes';
import type { ServedUploadStore } from './upload-file';

export interface CopyReport {
  /** Names found in the source store. */
  total: number;
  /** Written to the target now. */
  copied: number;
  /** In the target already with the same bytes (an earlier run): left as they were. */
  present: number;
  /** Could not be copied (the source file vanished, or the target holds other bytes). */
  failed: { name: string; error: string }[];
}

/**
 * Copies every upload of `from` into `to` under its own name, so every link (/uploads/<name>)
 * keeps working whichever store serves it. Idempotent: a name the target holds with the same
 * bytes is skipped, so a run that was stopped can simply be run again; nothing is ever written
 * twice, and nothing is copied without reading it back from the target and comparing it. The
 * source is left as it was.
 */
export async function copyUploads(
  from: ServedUploadStore,
  to: ServedUploadStore,
  onProgress: (done: number, total: number, name: string) => void = () => undefined,
): Promise<CopyReport> {
  const names: string[] = [];
  for await (const name of from.listNames()) names.push(name);
  const report: CopyReport = { total: names.length, copied: 0, present: 0, failed: [] };
  for (const [index, name] of names.entries()) {
    try {
      const bytes = await from.readBytes(name);
      if (!bytes) throw new Error('it was removed from the source during the copy');
      const outcome = await to.put(name, bytes);
      const back = await to.readBytes(name);
      if (!back || !sameBytes(back, bytes)) throw new Error('the copy does not read back the same');
      report[outcome === 'stored' ? 'copied' : 'present'] += 1;
    } catch (error) {
      report.failed.push({ name, error: (error as Error).message });
    }
    onProgress(index + 1, names.length, name);
  }
  return report;
}
