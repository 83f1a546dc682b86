import { z } from 'zod';

/** Registry names as the registry stores them; anything longer or with whitespace cannot exist. */
export const serverParams = z.object({
  server_name: z.string().min(1).max(200).regex(/^\S+$/, 'server_name has no whitespace'),
});

export const page = (defaultLimit: number, maxLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

export const pagination = z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() });
