import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/*
 * SHA-256 for a page from a plain-http site (a lan's `http://192.168.1.10:3000`), which
 * has no crypto.subtle: browsers lend it to secure pages only (decision 035). Loaded only
 * there; a secure page uses the browser's own. The hash is @noble/hashes' (audited,
 * maintained), not ours.
 */

/** The SHA-256 digest of `bytes`, as crypto.subtle.digest gives it. */
export function sha256(bytes: Uint8Array): ArrayBuffer {
  const digest = nobleSha256(bytes);
  return digest.buffer.slice(
    digest.byteOffset,
    digest.byteOffset + digest.byteLength,
  ) as ArrayBuffer;
}

/**
 * oidc-client-ts asks crypto.subtle for a SHA-256 when it reads back a pending sign-in
 * (SigninState.create hashes the stored PKCE verifier again, and throws without it), so a
 * page without crypto.subtle gets a `digest` of SHA-256 alone, and signing in works on
 * such a site too.
 */
export function lendDigest(): void {
  if (globalThis.crypto.subtle) return;
  const digest = async (algorithm: AlgorithmIdentifier, data: BufferSource) => {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() !== 'SHA-256') throw new Error(`${name} is not available over http`);
    const bytes = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
    return sha256(bytes);
  };
  Object.defineProperty(globalThis.crypto, 'subtle', { value: { digest }, configurable: true });
}
