import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { insertAnalyticsEvent } from '../../../db/analytics/events.ts';
import type { Database } from '../../../db/client.ts';
import { findInstall, freeToolCounts, insertInstall } from '../../../db/free-tools/free-tools.ts';
import { AppError, notFound } from '../../errors.ts';
import { FREE_TOOLS } from './text-tools.ts';
import type { FreeTool } from './text-tools.ts';

const toolOr404 = (slug: string): FreeTool => {
  const tool = FREE_TOOLS.find((t) => t.slug === slug);
  if (!tool) throw notFound('TOOL_NOT_FOUND', `Free tool ${slug} not found; GET /free-tools/status lists them`);
  return tool;
};

const runHint = (slug: string) => ({ method: 'POST' as const, path: '/free-tools/run', body: { tool_slug: slug, input: {} } });

/** GET /free-tools/status: every free tool with its input schema and popularity; `installed` for one identifier. */
export async function freeToolsStatus(db: Database, userIdentifier: string | undefined) {
  const counts = await freeToolCounts(db, userIdentifier);
  const tools = FREE_TOOLS.map((t) => ({
    slug: t.slug,
    name: t.name,
    description: t.description,
    input_schema: z.toJSONSchema(t.input, { io: 'input' }) as Record<string, unknown>,
    installed: userIdentifier ? counts.mine.has(t.slug) : null,
    installs: counts.installs.get(t.slug) ?? 0,
    runs: counts.runs.get(t.slug) ?? 0,
  }));
  return { status: 'operational' as const, tools, total: tools.length };
}

/** POST /free-tools/install: remembers that a client (user_identifier) installed a tool; repeats are harmless. */
export async function installFreeTool(db: Database, slug: string, userIdentifier: string) {
  toolOr404(slug);
  const created = await insertInstall(db, userIdentifier, slug);
  const row = created ?? (await findInstall(db, userIdentifier, slug));
  return {
    created: Boolean(created),
    body: {
      tool_slug: slug,
      user_identifier: userIdentifier,
      status: created ? ('installed' as const) : ('already_installed' as const),
      installed_at: (row?.installedAt ?? new Date()).toISOString(),
      run: runHint(slug),
    },
  };
}

/** POST /free-tools/run: validates the input against the tool's schema, runs it in-process, records the run (not its input). */
export async function runFreeTool(
  db: Database,
  userId: string | null,
  body: { tool_slug: string; input: Record<string, unknown>; user_identifier?: string },
) {
  const tool = toolOr404(body.tool_slug);
  const parsed = tool.input.safeParse(body.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const argument = issue?.path.join('.') || 'input';
    throw new AppError('INVALID_ARGUMENTS', `Invalid input for ${tool.slug}: ${argument}: ${issue?.message}`, { tool_slug: tool.slug }, { argument });
  }
  const t0 = performance.now();
  const result = tool.run(parsed.data);
  const executionTimeMs = Math.round((performance.now() - t0) * 1000) / 1000;
  await insertAnalyticsEvent(db, {
    origin: 'free_tools',
    eventType: 'free_tool.run',
    toolName: tool.slug,
    userId,
    sessionId: body.user_identifier ?? null,
    metadata: { execution_time_ms: executionTimeMs },
  });
  return { tool_slug: tool.slug, status: 'success' as const, result, execution_time_ms: executionTimeMs };
}
