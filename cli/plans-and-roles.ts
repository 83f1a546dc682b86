import type { ResponseOf } from '../contracts/openapi.d.ts';

/** A user's plan and role as the service declares them (the enums of its OpenAPI document). */
export type PlanName = ResponseOf<'/admin/users'>['users'][number]['plan'];
export type RoleName = ResponseOf<'/admin/users'>['users'][number]['role'];

// Each once, in the order the help shows them: a plan or role the service adds or drops fails
// to compile here, so the operator's and `switchboard admin`'s choices cannot drift from it.
export const PLANS = Object.keys({ free: true, pro: true, enterprise: true } satisfies Record<PlanName, true>) as PlanName[];
export const ROLES = Object.keys({ admin: true, user: true } satisfies Record<RoleName, true>) as RoleName[];
