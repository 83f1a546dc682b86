import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Consonants without look-alikes (no vowels, so no words; no 0/O, 1/I): what a person can read and type. */
const ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** XXXX-XXXX from 20 letters: 2.6e10 codes, alive for ten minutes. */
export function newUserCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** 256 random bits: the CLI's secret until the login completes. */
export const newDeviceCode = () => randomBytes(32).toString('base64url');

export const hashDeviceCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** User codes are accepted in any case and with or without the dash. */
export function normalizeUserCode(input: string): string {
  const letters = input.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : input.toUpperCase();
}
