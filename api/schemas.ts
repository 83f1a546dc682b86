import { z } from 'zod';

/** Shapes shared by several routes. */
export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const uuidParam = (name: string) => z.object({ [name]: z.uuid({ message: `${name} must be a UUID` }) });

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const nestedError = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) }),
});
