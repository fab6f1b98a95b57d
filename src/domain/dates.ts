/** "2026-11-28T10:00:00Z" -> "28 Nov" (UTC, as the order state machine's messages say it). */
export const shortDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
