/**
 * Recovery codes of two-factor sign-in, made to be read off paper and typed on a phone: ten
 * characters of Crockford's Base32 alphabet (digits and capitals without I, L, O and U, so no
 * `0`/`O` or `1`/`l` to confuse), shown as `XXXXX-XXXXX`. What a person types is read the way
 * Crockford's scheme reads it: any case, spaces and dashes anywhere, `O` as zero, `I` and `L` as
 * one. Shared by the browser (the form's rule) and the server (better-auth's stored codes).
 */

/** The 32 characters a recovery code is made of. */
export const RECOVERY_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Characters in a recovery code (50 bits of randomness). */
export const RECOVERY_CODE_LENGTH = 10;

/**
 * A recovery code in its one canonical form: upper case, spaces, dashes and other separators
 * dropped, `O` read as `0`, `I` and `L` as `1`, and a dash after the fifth character when it has
 * ten. Codes of the older mixed-case alphabet normalise the same way on both sides, so they keep
 * working. Never throws; a string that is not a code comes back as something no code equals.
 */
export function normaliseRecoveryCode(input: string): string {
  const compact = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return compact.length === RECOVERY_CODE_LENGTH ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

/** `count` new recovery codes from the platform's secure random source, in canonical form. */
export function generateRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    // 256 is a multiple of 32: masking each byte keeps every character equally likely.
    const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_LENGTH));
    const code = Array.from(bytes, (b) => RECOVERY_CODE_ALPHABET[b & 31]).join("");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
