/**
 * An order's `uploadedFiles` (JSON text of stored file names) as a list; [] when there are
 * none, null when the text cannot be read (the admin sees "Invalid file data").
 */
export function parseUploadedFiles(text: string | null | undefined): string[] | null {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || !parsed.every((f) => typeof f === 'string')) return null;
    return parsed as string[];
  } catch {
    return null;
  }
}

/** Where a stored file is served: /uploads/{file}. */
export const uploadUrl = (file: string) => `/uploads/${encodeURIComponent(file)}`;
