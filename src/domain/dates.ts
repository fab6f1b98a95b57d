// One formatter, made once: toLocaleDateString builds a new one (ICU) on every call.
const SHORT_DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "2026-11-28T10:00:00Z" -> "Nov 28" (UTC, as the order state machine's messages say it). */
export const shortDay = (iso: string) => SHORT_DAY.format(new Date(iso));
