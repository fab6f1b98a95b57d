const MB = 1024 * 1024;

/** 10485760 -> "10MB", 512000 -> "500KB": the limit as the spec's messages write it. */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${trim(bytes / MB)}MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)}KB`;
  return `${bytes} bytes`;
}

const trim = (value: number) => String(Math.round(value * 10) / 10);

/**
 * Large bodies (a listing's photos, an order's files) one client address may send at once
 * while abuse limits are on; each is held in memory while it is handled.
 */
export const UPLOADS_AT_ONCE = 4;
