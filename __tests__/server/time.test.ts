import { formatTimestamp } from '../../server/http/time';

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
});
