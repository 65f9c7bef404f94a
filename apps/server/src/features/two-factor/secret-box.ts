/**
 * Encryption of the TOTP secrets at rest: AES-256-GCM under a key derived from APP_SECRET
 * (HKDF, its own purpose label), so a copy of the database alone yields no second factors.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PURPOSE = 'portico/admin-two-factor/v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, '', PURPOSE, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
  }

  /** The plain text, or null when the box was sealed under another secret or was changed. */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
