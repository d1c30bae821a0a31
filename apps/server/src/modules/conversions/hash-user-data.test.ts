import { describe, expect, it } from 'vitest';
import {
  fbcOf,
  hashEmail,
  hashEmailForGoogle,
  hashPhone,
  hashPhoneForGoogle,
  normalizeEmail,
  normalizeEmailForGoogle,
  normalizePhone,
  sha256Hex,
} from './hash-user-data.ts';

describe('customer data for the ad platforms', () => {
  it("hashes the e-mail as Meta's worked example does", () => {
    expect(normalizeEmail('  John_Smith@gmail.com ')).toBe('john_smith@gmail.com');
    expect(hashEmail('John_Smith@gmail.com')).toBe(
      '62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f',
    );
  });

  it("hashes the phone as Meta's worked example does", () => {
    expect(normalizePhone('+1 (650)555-1212')).toBe('16505551212');
    expect(hashPhone('+1 (650)555-1212')).toBe(
      'e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176',
    );
  });

  it('puts 55 before Brazilian numbers as the forms store them', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('5511987654321');
    expect(normalizePhone('11987654321')).toBe('5511987654321');
    expect(normalizePhone('(21) 3333-4444')).toBe('552133334444');
    expect(normalizePhone('011 98765-4321')).toBe('5511987654321');
    expect(normalizePhone('+55 11 98765-4321')).toBe('5511987654321');
    expect(normalizePhone('5511987654321')).toBe('5511987654321');
    expect(hashPhone('(11) 98765-4321')).toBe(sha256Hex('5511987654321'));
    expect(normalizePhone('123')).toBeNull();
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });

  it("follows Google's rules: gmail dots dropped, E.164 with the plus", () => {
    expect(normalizeEmailForGoogle(' Jane.Doe@Gmail.com')).toBe('janedoe@gmail.com');
    expect(normalizeEmailForGoogle('jane.doe@empresa.com.br')).toBe('jane.doe@empresa.com.br');
    expect(hashEmailForGoogle('Jane.Doe@gmail.com')).toBe(sha256Hex('janedoe@gmail.com'));
    expect(hashPhoneForGoogle('(11) 98765-4321')).toBe(sha256Hex('+5511987654321'));
    // The hash every SHA-256 library answers for the empty string: the function is the standard one.
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it("matches Google's published normalisation examples, and Meta's published digest where both agree", () => {
    // Google (Data Manager and Google Ads API "format user data"): lowercase, trimmed, the dots before
    // the @ of gmail.com and googlemail.com removed; phones in E.164 with the plus: (800)555-0100 →
    // +18005550100, and the API team's +12125650000 and +442070313000.
    expect(normalizeEmailForGoogle(' Jefferson.Loves.Hiking@gmail.com ')).toBe(
      'jeffersonloveshiking@gmail.com',
    );
    expect(normalizeEmailForGoogle('jefferson.loves.hiking@googlemail.com')).toBe(
      'jeffersonloveshiking@googlemail.com',
    );
    expect(normalizeEmailForGoogle('jefferson.loves.hiking@gmail.com.br')).toBe(
      'jefferson.loves.hiking@gmail.com.br',
    );
    // The digests as an independent SHA-256 (openssl dgst -sha256) computes them.
    expect(hashEmailForGoogle('Jefferson.Loves.Hiking@gmail.com')).toBe(
      '515d2f967f73864e76937ab2b897210a86fd286016903b1b08c3da07c75f513e',
    );
    expect(hashPhoneForGoogle('+1 (800) 555-0100')).toBe(
      'fb4f73a6ec5fdb7077d564cdd22c3554b43ce49168550c3b12c547b78c517b30',
    );
    expect(hashPhoneForGoogle('+1 212 565 0000')).toBe(
      'd360a79e746532a6a1e7b8164440b04cdd8797e23126f7a4de7a4b67fdcdba98',
    );
    expect(hashPhoneForGoogle('+44 20 7031 3000')).toBe(
      'f3d7e96c73fb0de1b66acfce541d7af758fbd4f3fa3af0ea4e10110000d3625e',
    );
    // Meta's worked example, dotted for Google: the same address once the dots go, so Meta's digest.
    expect(hashEmailForGoogle('J.o.h.n_Smith@Gmail.com')).toBe(
      '62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f',
    );
    // A Brazilian number as the forms store it: +55, DDD and number.
    expect(hashPhoneForGoogle('(11) 98765-4321')).toBe(sha256Hex('+5511987654321'));
    expect(hashPhoneForGoogle('12')).toBeNull();
    expect(hashEmailForGoogle('sem-arroba')).toBeNull();
  });

  it('answers null, never a hash of nothing, for a missing or malformed e-mail', () => {
    expect(hashEmail(null)).toBeNull();
    expect(hashEmail('   ')).toBeNull();
    expect(hashEmail('sem-arroba')).toBeNull();
  });

  it('builds fbc from the fbclid and the click time in milliseconds', () => {
    const at = new Date('2026-11-27T13:00:00.123Z');
    expect(fbcOf('IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgE', at)).toBe(
      `fb.1.${at.getTime()}.IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgE`,
    );
    expect(fbcOf('abc', at)).toBe('fb.1.1795784400123.abc');
    expect(fbcOf('', at)).toBeNull();
    expect(fbcOf(null, at)).toBeNull();
  });
});
