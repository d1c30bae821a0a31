import { describe, expect, it } from 'vitest';
import {
  AGENCY_TIME_ZONE,
  dayKey,
  formatAge,
  formatDateTime,
  formatDay,
  formatIsoDay,
  formatTime,
  formatTimeWithSeconds,
  maskDay,
  parseDay,
  todayKey,
} from './datetime';
import { formatDate } from './utils';

// 01:33 UTC on 10 March is still 9 March, 22:33, in São Paulo (UTC-3): the moment the issue saw
// as "22:33" on one screen and as another hour on the next.
const INSTANT = '2026-03-10T01:33:00.000Z';

describe('one time zone everywhere', () => {
  it("is the agency's, São Paulo", () => {
    expect(AGENCY_TIME_ZONE).toBe('America/Sao_Paulo');
  });

  it('formats a fixed instant in São Paulo time whatever the browser zone', () => {
    expect(formatDateTime(INSTANT)).toBe('09/03/2026 22:33');
    expect(formatDay(INSTANT)).toBe('09/03/2026');
    expect(formatTime(INSTANT)).toBe('22:33');
    expect(formatTimeWithSeconds('2026-03-10T01:33:07.000Z')).toBe('22:33:07');
    expect(dayKey(INSTANT)).toBe('2026-03-09');
    expect(formatDate(INSTANT)).toBe('09/03/2026');
  });

  it('gives an empty string for a missing or broken value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('não é data')).toBe('');
  });

  it('says how long ago, in Portuguese', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(formatAge('2026-03-10T11:59:30.000Z', now)).toBe('agora');
    expect(formatAge('2026-03-10T11:55:00.000Z', now)).toBe('há 5 minutos');
    expect(formatAge('2026-03-10T09:00:00.000Z', now)).toBe('há 3 horas');
    expect(formatAge('2026-03-09T11:00:00.000Z', now)).toBe('há 1 dia');
    expect(formatAge('2026-03-01T12:00:00.000Z', now)).toBe('há 9 dias');
    expect(formatAge('2025-12-01T12:00:00.000Z', now)).toBe('há 3 meses');
    expect(formatAge(null, now)).toBe('');
  });
});

describe('date fields: dd/mm/aaaa typed, YYYY-MM-DD kept', () => {
  it("today is São Paulo's day, not UTC's", () => {
    expect(todayKey(new Date(INSTANT))).toBe('2026-03-09');
  });

  it('masks as it is typed, never with a trailing slash', () => {
    expect(maskDay('0')).toBe('0');
    expect(maskDay('07')).toBe('07');
    expect(maskDay('073')).toBe('07/3');
    expect(maskDay('07/03/20251')).toBe('07/03/2025');
    expect(maskDay('7a3b')).toBe('73');
  });

  it('reads only complete, real days', () => {
    expect(parseDay('07/03/2025')).toBe('2025-03-07');
    expect(parseDay('29/02/2024')).toBe('2024-02-29');
    expect(parseDay('29/02/2025')).toBeNull();
    expect(parseDay('31/02/2025')).toBeNull();
    expect(parseDay('31/04/2025')).toBeNull();
    expect(parseDay('00/01/2025')).toBeNull();
    expect(parseDay('01/13/2025')).toBeNull();
    expect(parseDay('01/01/0202')).toBeNull();
    expect(parseDay('07/03')).toBeNull();
    expect(parseDay('2025-03-07')).toBeNull();
  });

  it('shows a stored day as dd/mm/aaaa, nothing for a broken one', () => {
    expect(formatIsoDay('2025-03-07')).toBe('07/03/2025');
    expect(formatIsoDay('2025-02-31')).toBe('');
    expect(formatIsoDay('')).toBe('');
  });
});
