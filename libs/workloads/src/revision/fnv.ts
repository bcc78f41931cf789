// FNV 32-bit hashes and Kubernetes' "safe" encoding of hash digits (docs/spec/cloneset.md §4.2, §4.4).
//
// Revision names use FNV-1 (Go's fnv.New32: multiply, then xor) — not FNV-1a; the VolumeClaimTemplates
// hash uses FNV-1a (fnv.New32a: xor, then multiply). Both hash the UTF-8 bytes of text input.
// Both functions take the running hash as `basis`, so feeding two pieces one after the other
// (`fnv1_32(b, fnv1_32(a))`) equals hashing their concatenation, as successive hf.Write calls do.

export const FNV32_OFFSET_BASIS = 2166136261;
export const FNV32_PRIME = 16777619;

/** Kubernetes' k8s.io/apimachinery/pkg/util/rand alphabet: no vowels (no words), no 0/1/3 (no look-alikes). */
export const SAFE_ENCODING_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

const utf8 = new TextEncoder();

function bytesOf(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? utf8.encode(data) : data;
}

/** FNV-1, 32 bit: for each byte, h = h × prime (mod 2^32), then h ^= byte. Result is an unsigned 32-bit integer. */
export function fnv1_32(data: string | Uint8Array, basis: number = FNV32_OFFSET_BASIS): number {
  let h = basis >>> 0;
  for (const byte of bytesOf(data)) {
    // Math.imul keeps the low 32 bits exactly; a plain `*` would lose them in float rounding.
    h = (Math.imul(h, FNV32_PRIME) ^ byte) >>> 0;
  }
  return h;
}

/** FNV-1a, 32 bit: for each byte, h ^= byte, then h = h × prime (mod 2^32). */
export function fnv1a_32(data: string | Uint8Array, basis: number = FNV32_OFFSET_BASIS): number {
  let h = basis >>> 0;
  for (const byte of bytesOf(data)) {
    h = Math.imul(h ^ byte, FNV32_PRIME) >>> 0;
  }
  return h;
}

/**
 * Go's rand.SafeEncodeString: each character c becomes ALPHABET[codePoint(c) % 27]. Applied to the
 * decimal digits of a hash, '0'…'5' map to "456789" and '6'…'9' to "bcdf".
 */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += SAFE_ENCODING_ALPHABET[ch.codePointAt(0)! % SAFE_ENCODING_ALPHABET.length];
  return out;
}
