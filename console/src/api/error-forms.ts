/**
 * What an error answer of the service says, whichever of its body forms (spec, Errors; the
 * service renders them in api/error-forms.ts): the v1 envelope `{success: false, error: {code,
 * message, details}}`, the nested `{error: {code, message, details}}` (root execution adds
 * `{tool, status}` beside it) and the plain retrieval form `{error: <reason phrase>, message,
 * code}`. The one reader of those forms for both clients: the console's ApiError and the
 * switchboard CLI's Failure (which imports this file; it uses nothing of the browser).
 */
export interface ServiceError {
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
  /** The request field the service names as wrong: `argument` of INVALID_ARGUMENTS or details.parameter. */
  field?: string;
  /** The error object's other fields (retry_after, upgrade hints, the plain form's reason phrase...). */
  extra: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readServiceError(body: unknown): ServiceError {
  const record = isRecord(body) ? body : {};
  // Every form but the plain one nests the error object; the plain form keeps it at the root.
  const inner = isRecord(record.error) ? record.error : record;
  const { code, message, details, argument, ...extra } = inner;
  const detailRecord = isRecord(details) ? details : undefined;
  const field = typeof argument === 'string' ? argument : typeof detailRecord?.parameter === 'string' ? detailRecord.parameter : undefined;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    details: detailRecord,
    field,
    extra,
  };
}
