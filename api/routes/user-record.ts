import { z } from 'zod';
import type { User } from '../../db/schema/index.ts';
import { unixSeconds } from '../schemas.ts';

/** The user record of auth and admin routes (its fields are our decision; see docs/decisions.md). */
export const userRecord = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  plan: z.enum(['free', 'pro', 'enterprise']),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});

export function publicUser(user: User): z.infer<typeof userRecord> {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    plan: user.plan,
    created_at: unixSeconds(user.createdAt),
    updated_at: unixSeconds(user.updatedAt),
  };
}
