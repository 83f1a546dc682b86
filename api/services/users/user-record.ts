import { z } from 'zod';
import type { User } from '../../../db/schema/index.ts';
import { planId, role, unixSeconds } from '../../schemas.ts';

/**
 * The user record of the auth, device-login and admin answers (its fields are our decision;
 * docs/decisions.md). Here, not under routes/, because services present users too (the
 * device-login poll) and services never import routes: one shape, one presenter, every face.
 */
export const userRecord = z.object({
  id: z.uuid(),
  email: z.string(),
  role,
  plan: planId,
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type UserRecord = z.infer<typeof userRecord>;

export function publicUser(user: User): UserRecord {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    plan: user.plan,
    created_at: unixSeconds(user.createdAt),
    updated_at: unixSeconds(user.updatedAt),
  };
}
