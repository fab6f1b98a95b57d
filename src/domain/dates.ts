// One formatter, made once: toLocaleDateString builds a new one (ICU) on every call.
const SHORT_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** "2026-11-28T10:00:00Z" -> "28 Nov" (UTC, as the order state machine's messages say it). */
export const shortDay = (iso: string) => SHORT_DAY.format(new Date(iso));
