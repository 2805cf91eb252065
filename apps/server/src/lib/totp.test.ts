import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpCode, totpStep } from './totp.ts';

/* TOTP as RFC 6238 defines it (Appendix B, SHA-1), with the 6 digits authenticator apps show. */

// The RFC's key "12345678901234567890" in base 32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s (RFC 6238 Appendix B, last 6 digits)', (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('accepts the step before and after, not two away, and answers the step', () => {
    const at = new Date(1234567890 * 1000);
    const step = Math.floor(1234567890 / 30);
    for (const delta of [-1, 0, 1]) {
      const code = totpCode(RFC_SECRET, new Date(at.getTime() + delta * 30_000));
      expect(totpStep(RFC_SECRET, code, at)).toBe(step + delta);
    }
    for (const delta of [-2, 2]) {
      const code = totpCode(RFC_SECRET, new Date(at.getTime() + delta * 30_000));
      expect(totpStep(RFC_SECRET, code, at)).toBeNull();
    }
    expect(totpStep(RFC_SECRET, 'abcdef', at)).toBeNull();
  });

  it('makes 160-bit secrets and ten distinct recovery codes, hashed per member and as typed', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const code = codes[0]!;
    expect(recoveryCodeHash('m1', code.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash('m1', code));
    expect(recoveryCodeHash('m2', code)).not.toBe(recoveryCodeHash('m1', code));
  });
});
