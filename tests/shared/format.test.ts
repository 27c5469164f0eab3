import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatMessage, formatNumber, formatTime } from '../../shared/i18n/format';

/** The reused Intl formatters give exactly what toLocaleString('de-DE', …) gives. */
describe('de-DE formatting', () => {
  const d = new Date('2026-03-04T05:06:07Z');

  it('numbers: thousands dots, decimal comma, the digits asked for; a missing number is a dash', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(1234567.891)).toBe('1.234.568');
    expect(formatNumber(0.5, 1)).toBe('0,5');
    expect([formatNumber(null), formatNumber(undefined), formatNumber(Number.NaN)]).toEqual(['–', '–', '–']);
    expect(formatMessage('{n} × {t} ({x})', { n: 1234.5678, t: 'Yogamatte' })).toBe('1.234,568 × Yogamatte ({x})');
  });

  it('dates and times as toLocale…String de-DE, invalid or empty as a dash', () => {
    expect(formatDate(d)).toBe(d.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }));
    expect(formatDate('2026-03-04')).toBe('04.03.2026');
    expect(formatDateTime(d)).toBe(d.toLocaleString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }));
    expect(formatTime(d)).toBe(d.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' }));
    expect([formatDate('kein Datum'), formatDateTime(null), formatTime('')]).toEqual(['–', '–', '–']);
  });
});

describe('de-DE formatters are built on first use', () => {
  it('loading the module builds none; each is built once, by its first use or by warmFormatters', async () => {
    vi.resetModules();
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const m = await import('../../shared/i18n/format');
      expect(numberFormat).not.toHaveBeenCalled();
      expect(dateTimeFormat).not.toHaveBeenCalled();
      expect(m.formatDate('2026-03-04T12:00:00Z')).toBe('04.03.2026');
      expect(m.formatDate('2026-03-05T12:00:00Z')).toBe('05.03.2026');
      expect(dateTimeFormat).toHaveBeenCalledTimes(1);
      for (const build of m.warmFormatters) build();
      expect(numberFormat).toHaveBeenCalledTimes(1);
      expect(dateTimeFormat).toHaveBeenCalledTimes(3);
      expect(m.formatMessage('{n}', { n: 1234 })).toBe('1.234');
      expect(numberFormat).toHaveBeenCalledTimes(1);
    } finally {
      numberFormat.mockRestore();
      dateTimeFormat.mockRestore();
    }
  });
});
