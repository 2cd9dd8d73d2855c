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
    expect(formatClockTime(iso)).toMatch(/^([01]\d|2[0-3]):05$/);
  });
});
