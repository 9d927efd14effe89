import { md5 as md5Bytes } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * MD5 of a string's UTF-8 bytes, as 32 lower-case hex digits, as the server computes it. The login call needs it
 * for its identity header (the specification's X-AUTH-IDENT) and the stored cache for its envelope's check: an
 * identifier, never a protection. Web Crypto does not offer MD5.
 */
export function md5(text: string): string {
  return bytesToHex(md5Bytes(utf8ToBytes(text)));
}
