/**
 * Writes contracts/openapi.d.ts: the TypeScript types of the service's own OpenAPI document
 * (openapi-typescript), which the console and the switchboard CLI type their calls with, so a
 * change of a route's schema is a compile error in a client rather than a wrong page at run time.
 * scripts/openapi-operation-types.ts adds the types that name an operation's parts. The file is
 * checked in; test/contract/openapi-types.test.ts renders it again from the tested service and
 * fails on any difference. Run: `npm run openapi:types`.
 *
 * The document comes from the app built without listening, on a throwaway PGlite folder and a
 * Temporal connection that never dials: building the routes needs neither, and a generator that
 * needs the test services would not run on a fresh clone.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import type { RetrievalService } from '../api/services/retrieval/index.ts';

export const OPENAPI_TYPES_FILE = fileURLToPath(new URL('../contracts/openapi.d.ts', import.meta.url));

const HEADER = `/**
 * Generated from the service's /openapi.json by scripts/openapi-types.ts (npm run openapi:types).
 * Do not edit: test/contract/openapi-types.test.ts fails when this differs from the service.
 */
`;

const MARKER = '// ---- appended to contracts/openapi.d.ts ----\n';

/** The checked-in text for an OpenAPI document: its types, then the operation helpers both clients use. */
export async function renderOpenApiTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { alphabetize: true });
  const helpers = readFileSync(fileURLToPath(new URL('openapi-operation-types.ts', import.meta.url)), 'utf8');
  return `${HEADER}${astToString(ast)}\n${helpers.slice(helpers.indexOf(MARKER) + MARKER.length)}`;
}

async function serviceDocument(): Promise<unknown> {
  const { Client, Connection } = await import('@temporalio/client');
  const { buildApp } = await import('../api/app.ts');
  const { openDatabase } = await import('../db/client.ts');
  const { loadConfig } = await import('../platform/config.ts');
  const { createEventPublisher } = await import('../platform/event-publisher.ts');
  const { createLogger } = await import('../platform/logger.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-openapi-'));
  const handle = openDatabase({ dataDir });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const client = new Client({ connection: Connection.lazy({ address: '127.0.0.1:7233' }) });
    const secrets = { adminKey: 'openapi-types-admin-key-0123456789', jwtSecret: 'openapi-types-jwt-secret-0123456789abcdef', credentialsKey: Buffer.alloc(32).toString('base64') };
    // The discovery routes are declared only when a retrieval service is given; declaring needs
    // none of its methods, and nothing here calls a route.
    const retrieval = {} as RetrievalService;
    const deps = { config, secrets, db: handle.db, temporal: { client, taskQueue: 'openapi-types' }, healthChecks: {}, events: createEventPublisher(handle.db), retrieval };
    const app = await buildApp(deps, createLogger('silent'));
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(OPENAPI_TYPES_FILE, await renderOpenApiTypes(await serviceDocument()));
  console.log(`wrote ${OPENAPI_TYPES_FILE}`);
}
