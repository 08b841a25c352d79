import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/** The version tag of the stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key or cipher can coexist. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encryption at rest of second-factor secrets: AES-256-GCM (node:crypto) under a key derived with HKDF-SHA-256 from the
 * installation's JWT secret, with the user's id as associated data, so a ciphertext copied to another user's row does
 * not decrypt (docs/decisions.md, "Two-factor sign-in").
 */
export class MfaCrypto {
  private readonly key: Buffer;

  constructor(installationSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', installationSecret, 'kantora', 'kantora mfa secret encryption v1', 32));
  }

  encrypt(plain: string, userId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text, or null when the stored value is malformed, of another user, or under another key. */
  decrypt(stored: string, userId: string): string | null {
    const [version, ivText, tagText, dataText, ...rest] = stored.split('.');
    if (version !== VERSION || !ivText || !tagText || dataText === undefined || rest.length) return null;
    try {
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(userId, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** RFC 4648 base32 letters without padding; a recovery code is 10 of them (50 random bits) shown as `XXXXX-XXXXX`. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_LENGTH = 10;

/** One fresh recovery code as shown to the user, e.g. `K7QXM-2RTAP`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += BASE32[randomInt(BASE32.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What a user typed, as the stored hash sees it: letters upper-cased, spaces and hyphens dropped; null if not one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return code.length === RECOVERY_CODE_LENGTH && /^[A-Z2-7]+$/.test(code) ? code : null;
}

/** The stored form of a recovery code: SHA-256 (hex) of its normalized text. */
export function recoveryCodeHash(normalized: string): string {
  return createHash('sha256').update(normalized, 'utf8').digest('hex');
}
