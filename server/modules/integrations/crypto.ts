import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys of the integrations, all derived with HKDF-SHA256 from `AppConfig.integrationSecret` (INTEGRATION_SECRET, or
 * itself derived from JWT_SECRET — server/config.ts), one per purpose so no key is ever used for two things:
 * - `stateKey`: HS256 key of the signed OAuth `state` (state.ts);
 * - `tokenKey`: AES-256-GCM key sealing Slack bot tokens at rest (`sealSecret` / `openSecret`).
 */
export interface IntegrationKeys {
  stateKey: Uint8Array;
  tokenKey: Buffer;
}

const derive = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'momentum-integrations', info, 32));

/** Derives the two integration keys from `integrationSecret`. */
export function deriveIntegrationKeys(integrationSecret: string): IntegrationKeys {
  return {
    stateKey: new Uint8Array(derive(integrationSecret, 'momentum:integration-state')),
    tokenKey: derive(integrationSecret, 'momentum:slack-token-encryption'),
  };
}

/** Version tag of the sealed format, so the scheme can change without guessing. */
const SEALED_PREFIX = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts `plaintext` with AES-256-GCM under `key` (a fresh random 96-bit IV each time). Returns
 * `v1.<iv>.<tag>.<ciphertext>` (base64url parts). `aad` binds the value to its row (e.g. the workspace id), so a
 * sealed token copied into another row does not open.
 */
export function sealSecret(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [SEALED_PREFIX, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * Opens a `sealSecret` value. Returns null when it is malformed, was sealed with another key (the secret changed)
 * or for another `aad`, or was tampered with — callers treat that as "not linked".
 */
export function openSecret(key: Buffer, sealed: string, aad: string): string | null {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== SEALED_PREFIX) return null;
  try {
    const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
    if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, iv!, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
