import { startNpmRegistryStub, packNpmPackage } from '../support/npm-registry-stub.ts';

export const PROBE_NAME = 'sb-integrity-probe';
export const SCRIPT_PROBE_NAME = 'sb-script-probe';
export const PROBE_VERSION = '1.0.0';

/** A one-file package whose bin script is `content`. */
const pack = (name: string, content: string, extra: Record<string, unknown> = {}) =>
  packNpmPackage({ name, version: PROBE_VERSION, bin: { [name]: 'index.js' }, ...extra }, { 'index.js': `#!/usr/bin/env node\n${content}\n` });

export interface RegistryStub {
  url: string;
  /** Serve a tarball other than the one the packument's integrity describes. */
  tamper(on: boolean): void;
  close(): Promise<void>;
}

/**
 * The registry's answers for two packages: the integrity probe's packument publishes the hash
 * of the genuine tarball; tampered, the stub serves another one under the same name. The script
 * probe has a postinstall that fails.
 */
export async function startRegistryStub(): Promise<RegistryStub> {
  const genuine = pack(PROBE_NAME, 'console.log("genuine")');
  const tampered = pack(PROBE_NAME, 'console.log("tampered")');
  const failing = pack(SCRIPT_PROBE_NAME, 'console.log("never run")', { scripts: { postinstall: 'echo postinstall failing; exit 3' } });
  let serveTampered = false;
  const stub = await startNpmRegistryStub([
    { name: PROBE_NAME, version: PROBE_VERSION, fields: { bin: { [PROBE_NAME]: 'index.js' } }, published: genuine, served: () => (serveTampered ? tampered : genuine) },
    { name: SCRIPT_PROBE_NAME, version: PROBE_VERSION, fields: { bin: { [SCRIPT_PROBE_NAME]: 'index.js' }, hasInstallScript: true }, published: failing },
  ]);
  return {
    url: stub.url,
    tamper: (on) => {
      serveTampered = on;
    },
    close: stub.close,
  };
}
