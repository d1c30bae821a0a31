import { describe, expect, it } from 'vitest';
import { formatDateTime as sharedDateTime } from '@/lib/datetime';
import { formatDateTime } from './format';

describe('integration formats', () => {
  it('the delivery ledger reads a moment as the rest of the console does (São Paulo)', () => {
    // 01:33 UTC on 10 March is still 9 March, 22:33, in São Paulo.
    expect(formatDateTime('2026-03-10T01:33:00.000Z')).toBe('09/03/2026 22:33');
    expect(formatDateTime('2026-03-10T01:33:00.000Z')).toBe(sharedDateTime('2026-03-10T01:33:00.000Z'));
  });
});
