import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets the service must read back (webhook signing
 * secrets). Stored form: iv | auth tag | ciphertext. A wrong key or a
 * tampered row fails to decrypt instead of yielding garbage.
 */
export class SecretCipher {
  private readonly key: Buffer;

  constructor(encodedKey: string) {
    this.key = /^[0-9a-fA-F]{64}$/.test(encodedKey)
      ? Buffer.from(encodedKey, 'hex')
      : Buffer.from(encodedKey, 'base64');
    if (this.key.length !== 32) {
      throw new Error('SECRETS_ENCRYPTION_KEY must decode to 32 bytes');
    }
  }

  encrypt(plaintext: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  }

  decrypt(stored: Buffer): string {
    const iv = stored.subarray(0, IV_BYTES);
    const tag = stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
