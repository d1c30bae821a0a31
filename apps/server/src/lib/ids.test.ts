import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from './ids.ts';

describe('newId', () => {
  it('is a UUID version 7 whose first 48 bits are the milliseconds given', () => {
    const at = Date.UTC(2026, 10, 28, 20, 15, 30, 123);
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    // What the API's contracts accept as an id (z.uuid: RFC 9562 versions).
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('orders ids of different milliseconds by time, as text and as PostgreSQL compares uuids', () => {
    const ids = [newId(1_700_000_000_999), newId(1_700_000_001_000), newId(1_800_000_000_000)];
    expect([...ids].sort()).toEqual(ids);
  });

  it('draws new random bits for every id of the same millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 15))).size).toBe(1);
  });

  it('uses the clock when no time is given', () => {
    const before = Date.now();
    const ms = parseInt(newId().replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });
});
