import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptSecret } from '../../lib/crypto.ts';
import { emptyConnection, openConnection } from './attempt-conversion.ts';

const key = randomBytes(32);
const seal = (payload: object) => encryptSecret(key, JSON.stringify(payload));

describe('openConnection', () => {
  it("reads each platform's fields from the sealed payload, the empty value for a field it lacks", () => {
    expect(
      openConnection('meta', key, seal({ dataset_id: '123', access_token: 'EAAtoken', extra: 'x' })),
    ).toEqual({ dataset_id: '123', access_token: 'EAAtoken', test_event_code: '' });
    expect(
      openConnection(
        'google_ads',
        key,
        seal({ customer_id: '1234567890', conversion_actions: { lead: '7' } }),
      ),
    ).toEqual({
      ...emptyConnection('google_ads'),
      customer_id: '1234567890',
      conversion_actions: { lead: '7' },
    });
  });

  it('answers a new empty connection each time (nobody shares its objects)', () => {
    const a = openConnection('google_ads', key, seal({}));
    a.conversion_actions.lead = '1';
    expect(emptyConnection('google_ads').conversion_actions).toEqual({});
    expect(openConnection('google_ads', key, seal({})).conversion_actions).toEqual({});
  });
});
