import { z } from 'zod';
import { PLAN_IDS, ROLES } from '../db/schema/index.ts';

/** The `meta` of every envelope body, success and error alike (spec, Response envelope). */
export const envelopeMeta = z.object({ request_id: z.string(), timestamp: z.string() });

/** A success envelope around `data`. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data, meta: envelopeMeta });

/** Shapes shared by several routes. */
export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const uuidParam = (name: string) => z.object({ [name]: z.uuid({ message: `${name} must be a UUID` }) });

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Text the server trims and then requires: the pattern says "not blank" in the OpenAPI document too. */
export const NOT_BLANK = /\S/;

/**
 * A body that must carry at least one of its fields (a PATCH that changes something). The
 * refine is what the server checks; `minProperties` and `anyOf` say the same in the document,
 * so a client (or schemathesis) reading it does not send `{}` expecting a 200.
 */
export function atLeastOne<T extends z.ZodObject>(object: T, message: string) {
  const keys = Object.keys(object.shape);
  return object
    .refine((body) => keys.some((key) => (body as Record<string, unknown>)[key] !== undefined), message)
    .meta({ minProperties: 1, anyOf: keys.map((key) => ({ required: [key] })) });
}

/** A plan and a role on the wire: the lists db/schema/accounts.ts declares. */
export const planId = z.enum(PLAN_IDS);
export const role = z.enum(ROLES);
