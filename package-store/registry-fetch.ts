import type { PackageRef } from './types.ts';
import { PackageInstallError } from './types.ts';

/** A registry document above this is refused: the answer is data from outside, bounded like any. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * GETs a registry JSON document. 404 (or 410) means the package or version is not there:
 * not_found, never retried into success. Anything else that is not 200 is a transient failure.
 */
export async function fetchRegistryJson(ref: PackageRef, url: string, options: { deadline: number; signal?: AbortSignal; accept?: string }): Promise<unknown> {
  const timeout = AbortSignal.timeout(Math.max(1, options.deadline - Date.now()));
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: options.accept ?? 'application/json' }, signal, redirect: 'follow' });
  } catch (error) {
    if (timeout.aborted) throw new PackageInstallError('timeout', ref, `the registry did not answer in time (${url})`);
    if (options.signal?.aborted) throw options.signal.reason;
    throw new PackageInstallError('failed', ref, `cannot reach the registry (${url}): ${(error as Error).message}`);
  }
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    throw new PackageInstallError('not_found', ref, `not on the registry (${url} answered ${response.status})`);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new PackageInstallError('failed', ref, `the registry answered ${response.status} (${url})`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) {
    await response.body?.cancel();
    throw new PackageInstallError('failed', ref, `the registry's document is too large (${length} bytes)`);
  }
  try {
    const text = await response.text();
    if (text.length > MAX_BYTES) throw new Error(`document too large (${text.length} bytes)`);
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (timeout.aborted) throw new PackageInstallError('timeout', ref, `the registry did not answer in time (${url})`);
    if (options.signal?.aborted) throw options.signal.reason;
    throw new PackageInstallError('failed', ref, `the registry's answer is not JSON (${url}): ${(error as Error).message}`);
  }
}
