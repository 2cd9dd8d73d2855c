import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatClockTime, formatDay, formatMoment } from './date-format';

describe('date format', () => {
  it('writes a report day as that calendar day, whatever the viewer’s time zone', () => {
    expect(formatCalendarDay('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatCalendarDay('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('writes moments with minutes, and with seconds when asked', () => {
    const iso = '2026-11-22T14:05:09Z';
    expect(formatMoment(iso)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatMoment(iso, { withSeconds: true })).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, 2026, \d{1,2}:\d{2}:09\s[AP]M$/,
    );
    expect(formatDay(iso)).toMatch(/^Nov 2[123], 2026$/);
    expect(formatClockTime(iso)).toMatch(/^([01]\d|2[0-3]):05 [A-Z]\S*$/);
  });

  it('writes the same text on the server (in UTC) as for a viewer in UTC, the zone named', () => {
    const iso = '2026-11-22T23:05:09Z';
    expect(formatClockTime(iso, { inUtc: true })).toBe('23:05 UTC');
    expect(formatDay(iso, { inUtc: true })).toBe('Nov 22, 2026');
  });
});
