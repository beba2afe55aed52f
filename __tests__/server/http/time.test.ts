import { formatTimestamp } from '../../../server/http/time';

/** Wire timestamps: ISO-8601 to the second with the zone's offset (docs/product.md "Errors and messages"). */
describe('formatTimestamp', () => {
  const instant = new Date('2026-11-21T01:12:30.987Z');

  it('writes Asia/Seoul time with +09:00 by default, dropping milliseconds', () => {
    expect(formatTimestamp(instant)).toBe('2026-11-21T10:12:30+09:00');
  });

  it('crosses the date line into the zone’s calendar day', () => {
    expect(formatTimestamp(new Date('2026-12-31T15:30:00Z'))).toBe('2027-01-01T00:30:00+09:00');
  });

  it('handles other zones, negative offsets and daylight saving time', () => {
    expect(formatTimestamp(instant, 'UTC')).toBe('2026-11-21T01:12:30+00:00');
    expect(formatTimestamp(instant, 'America/New_York')).toBe('2026-11-20T20:12:30-05:00');
    expect(formatTimestamp(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01T08:00:00-04:00',
    );
    expect(formatTimestamp(instant, 'Asia/Kolkata')).toBe('2026-11-21T06:42:30+05:30');
  });

  it('round-trips through Date.parse to the same second', () => {
    expect(Date.parse(formatTimestamp(instant))).toBe(Date.parse('2026-11-21T01:12:30Z'));
  });

  it('changes offset at the exact second of a daylight saving transition (offsets are remembered per quarter hour)', () => {
    // New York springs forward at 2026-03-08 07:00:00 UTC (02:00 local → 03:00).
    expect(formatTimestamp(new Date('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(
      '2026-03-08T01:59:59-05:00',
    );
    expect(formatTimestamp(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(
      '2026-03-08T03:00:00-04:00',
    );
    // Asked again in the other order (the quarter hours are remembered by now).
    expect(formatTimestamp(new Date('2026-03-08T06:45:00Z'), 'America/New_York')).toBe(
      '2026-03-08T01:45:00-05:00',
    );
    // Kathmandu moved from +05:30 to +05:45 at 1986-01-01 00:00 local = 1985-12-31 18:30 UTC.
    expect(formatTimestamp(new Date('1985-12-31T18:29:59Z'), 'Asia/Kathmandu')).toBe(
      '1985-12-31T23:59:59+05:30',
    );
    expect(formatTimestamp(new Date('1985-12-31T18:30:00Z'), 'Asia/Kathmandu')).toBe(
      '1986-01-01T00:15:00+05:45',
    );
  });

  it('agrees with the zone’s own calendar fields for instants across a century', () => {
    const calendar = (ms: number, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).formatToParts(new Date(ms));
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (const zone of ['Asia/Seoul', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe']) {
      for (let i = 0; i < 400; i++) {
        const ms = Date.UTC(1950, 0, 1) + Math.floor(random() * 100 * 365.25 * 86_400) * 1000;
        const formatted = formatTimestamp(new Date(ms), zone);
        expect([zone, ms, formatted.slice(0, 19)]).toEqual([zone, ms, calendar(ms, zone)]);
        expect(Date.parse(formatted)).toBe(ms);
      }
    }
  });
});
