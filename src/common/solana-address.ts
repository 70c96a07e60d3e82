import { isAddress, isSignature as isSignatureString } from "@solana/kit";

/**
 * The one check of Solana addresses and transaction signatures, shared by the forms, the API schemas, the
 * configuration and the integrations. A pattern of 32 to 44 base58 characters is not enough: many such
 * strings decode to 31 or 33 bytes and name no account. These decode the text, as `@solana/kit` does.
 */

/** A Solana address (a public key or a mint): base58 that decodes to exactly 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  return isAddress(value);
}

/** A Solana transaction signature: base58 that decodes to exactly 64 bytes (86 to 88 characters in practice). */
export function isSignature(value: string): boolean {
  try {
    return isSignatureString(value);
  } catch {
    // kit's isSignature throws, rather than answering false, on a character that is not base58.
    return false;
  }
}
