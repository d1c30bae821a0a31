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
