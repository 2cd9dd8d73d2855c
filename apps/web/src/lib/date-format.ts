// How the shop writes dates and times: US English, in the viewer's time zone unless said otherwise.

/**
 * "Nov 22, 2026, 2:05 PM": when something happened; with seconds where events come seconds apart. `inUtc`:
 * "Nov 22, 2026, 2:05 PM UTC", the same on every machine (what the server renders before the browser knows
 * its viewer's zone).
 */
export function formatMoment(iso: string, { withSeconds = false, inUtc = false } = {}): string {
  const text = new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: withSeconds ? 'medium' : 'short',
    ...(inUtc ? { timeZone: 'UTC' } : {}),
  });
  return inUtc ? `${text} UTC` : text;
}

/** "Nov 22, 2026": the day of a moment (`inUtc`: its day in UTC). */
export function formatDay(iso: string, { inUtc = false } = {}): string {
  return new Date(iso).toLocaleDateString('en-US', {
    dateStyle: 'medium',
    ...(inUtc ? { timeZone: 'UTC' } : {}),
  });
}

/** "Nov 22, 2026": a calendar day the server names as YYYY-MM-DD (a UTC day of the sales report). */
export function formatCalendarDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * "14:05 UTC", "15:05 CET": on a 24-hour clock with its zone named, a time later today such as when a hold
 * runs out. The zone is named so that the server's rendering (`inUtc`) and a viewer's in UTC are the same
 * text, and one elsewhere knows which clock the server's page spoke of.
 */
export function formatClockTime(iso: string, { inUtc = false } = {}): string {
  return new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(inUtc ? { timeZone: 'UTC' } : {}),
  });
}
