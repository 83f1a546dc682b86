import { z } from 'zod';
import { getPublishedVersion, listPublishedServers, listPublishedVersions } from '../services/registry/published.ts';
import type { PublishedCaller } from '../services/registry/published.ts';
import { defineOperation } from './operation.ts';

/*
 * The official MCP Registry API's read routes over our registry (issue 38, item 3): public
 * reads like the official registry's, REST only (an MCP client has retrieve_tools for this).
 * Shapes from modelcontextprotocol/registry docs/reference/api/openapi.yaml (ServerList, ServerResponse).
 */

const unused = () => '';
const publicRead = { auth: 'none' as const, rateScope: 'public_read' as const, taskSupport: 'forbidden' as const, text: unused };
const annotations = { readOnlyHint: true, openWorldHint: false };

const serverResponse = z
  .object({
    server: z.record(z.string(), z.unknown()).describe('A server.json (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json)'),
    _meta: z
      .record(z.string(), z.unknown())
      .describe('io.modelcontextprotocol.registry/official: status, dates, isLatest; dev.switchboard/registry: our name, source, health and the tools with their schemas and run figures'),
  })
  .describe('ServerResponse of the official registry API');

const includeDeleted = z.enum(['true', 'false']).optional().describe('Accepted for compatibility: this registry keeps no deleted entries');
const serverName = z.string().min(3).max(200).describe('The server name, URL-encoded (io.github.acme%2Fweather); ours are dev.switchboard/<name>');

/** GET /v0.1/servers. */
export const listPublishedServersOp = defineOperation({
  ...publicRead,
  name: 'list_registry_servers',
  description: 'The public registry in the official MCP Registry format, by published name, with cursor paging.',
  input: z.object({
    cursor: z.string().max(400).optional().describe('metadata.nextCursor of the page before'),
    limit: z.coerce.number().int().min(1).max(100).default(30),
    search: z.string().max(200).optional().describe('A substring of the server name, case-insensitive'),
    updated_since: z.iso.datetime({ offset: true }).optional().describe('Only entries updated after this RFC 3339 time'),
    version: z.string().min(1).max(255).optional().describe("'latest' (every entry here) or an exact version"),
    include_deleted: includeDeleted,
  }),
  output: z.object({
    servers: z.array(serverResponse),
    metadata: z.object({ nextCursor: z.string().optional(), count: z.number().int() }),
  }),
  errorStatuses: [],
  annotations,
  call: (caller: PublishedCaller, args) => listPublishedServers(caller, args),
});

/** GET /v0.1/servers/{serverName}/versions. */
export const listPublishedVersionsOp = defineOperation({
  ...publicRead,
  name: 'list_registry_server_versions',
  description: 'Every version of one server in the official format: here, the one this registry runs.',
  input: z.object({ serverName, include_deleted: includeDeleted }),
  output: z.object({ servers: z.array(serverResponse), metadata: z.object({ count: z.number().int() }) }),
  errorStatuses: [404],
  annotations,
  call: (caller: PublishedCaller, args) => listPublishedVersions(caller, args),
});

/** GET /v0.1/servers/{serverName}/versions/{version}. */
export const getPublishedVersionOp = defineOperation({
  ...publicRead,
  name: 'get_registry_server_version',
  description: "One version of one server in the official format; 'latest' is the one this registry runs.",
  input: z.object({ serverName, version: z.string().min(1).max(255), include_deleted: includeDeleted }),
  output: serverResponse,
  errorStatuses: [404],
  annotations,
  call: (caller: PublishedCaller, args) => getPublishedVersion(caller, args),
});
