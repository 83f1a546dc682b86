import { createHash } from 'node:crypto';

/**
 * A UUID derived from its parts (name-based, v5 layout over SHA-1): an activity that is
 * retried computes the same event id, so the event is stored and delivered once.
 */
export function stableUuid(...parts: string[]): string {
  const hash = createHash('sha1').update(parts.join('\u0000')).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
