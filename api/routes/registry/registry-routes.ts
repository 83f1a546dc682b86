import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import {
  createRegistryEntry,
  deleteRegistryEntry,
  getRegistryEntry,
  listRegistryEntries,
  updateRegistryEntry,
} from '../../services/registry/registry.ts';
import { restConfig } from '../../operations/operation.ts';
import { getVersionPinOp, pinVersionOp, unpinVersionOp } from '../../operations/registry-versions.ts';
import { runAdminRegistrySync } from '../../services/registry/sync.ts';
import { auditContextOf } from '../../services/trust/record.ts';
import * as responses from './responses.ts';
import { adminEntryCreate, adminEntryUpdate, category, httpUrl, nameParams, pageQuery } from './schemas.ts';

const tags = ['registry'];
const admin = { auth: 'admin' as const, rateScope: 'server_management' as const };

/** The public registry and its administration (spec "MCP servers and registry"). */
export const registryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/mcp_registry',
    {
      config: { auth: 'none', rateScope: 'public_read' },
      schema: {
        tags,
        querystring: z.object({ category: category.optional(), tag: z.string().min(1).max(50).optional(), q: z.string().min(1).max(200).optional(), ...pageQuery(50, 500) }),
        response: { 200: responses.registryList },
      },
    },
    async (request) => listRegistryEntries(deps, request.query),
  );

  app.get('/mcp_registry/:name', { config: { auth: 'none', rateScope: 'public_read' }, schema: { tags, params: nameParams, response: { 200: responses.registryDetail } } }, async (request) =>
    getRegistryEntry(deps, request.params.name),
  );

  app.post('/admin/mcp_registry', { config: { ...admin, errorStatuses: [409] }, schema: { tags, body: adminEntryCreate, response: { 201: responses.registryDetail } } }, async (request, reply) =>
    reply.status(201).send(await createRegistryEntry(deps, request.body, auditContextOf(request))),
  );

  app.patch('/admin/mcp_registry/:name', { config: admin, schema: { tags, params: nameParams, body: adminEntryUpdate, response: { 200: responses.registryDetail } } }, async (request) =>
    updateRegistryEntry(deps, request.params.name, request.body, auditContextOf(request)),
  );

  app.delete('/admin/mcp_registry/:name', { config: admin, schema: { tags, params: nameParams, response: { 200: responses.registryDeleted } } }, async (request) =>
    deleteRegistryEntry(deps, request.params.name, auditContextOf(request)),
  );

  // Version pins of imported entries (issue 38, item 1): one route per declared operation.
  app.put(
    '/admin/mcp_registry/:name/version_pin',
    {
      config: restConfig(pinVersionOp),
      schema: { tags, params: pinVersionOp.input.pick({ name: true }), body: pinVersionOp.input.pick({ version: true }), response: { 200: pinVersionOp.output } },
    },
    async (request) => pinVersionOp.call({ deps, audit: auditContextOf(request) }, { ...request.body, name: request.params.name }),
  );
  app.get('/admin/mcp_registry/:name/version_pin', { config: restConfig(getVersionPinOp), schema: { tags, params: getVersionPinOp.input, response: { 200: getVersionPinOp.output } } }, async (request) =>
    getVersionPinOp.call({ deps }, request.params),
  );
  app.delete('/admin/mcp_registry/:name/version_pin', { config: restConfig(unpinVersionOp), schema: { tags, params: unpinVersionOp.input, response: { 200: unpinVersionOp.output } } }, async (request) =>
    unpinVersionOp.call({ deps, audit: auditContextOf(request) }, request.params),
  );

  // Runs the sync workflow and waits for it; `upstream_url` adds an official-format registry to read.
  app.post(
    '/admin/mcp_registry/sync-to-database',
    { config: admin, schema: { tags, body: z.object({ upstream_url: httpUrl.optional() }).nullish(), response: { 200: responses.syncResult } } },
    async (request) => {
      const result = await runAdminRegistrySync(deps, { upstreamUrl: request.body?.upstream_url }, auditContextOf(request));
      return {
        status: result.status,
        synced_count: result.synced_count,
        timestamp: result.timestamp,
        catalog_count: result.catalog_count,
        upstream_count: result.upstream_count,
        upstream_skipped: result.upstream_skipped,
        upstream_skipped_reasons: result.upstream_skipped_reasons,
        tools_changed: result.tools_changed,
        reindex_workflow_id: result.reindex_workflow_id ?? null,
        servers_refreshed: result.refreshed.map((r) => ({ name: r.server, ok: r.ok, tool_count: r.toolCount, ...(r.error ? { error: r.error } : {}) })),
      };
    },
  );
};
