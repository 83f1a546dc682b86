// End-of-run report: counts per category and source, and why each failure failed.
import type { CatalogEntry } from '../../catalog/schema.ts';
import type { HarvestResult } from './harvest-one.ts';

export function summarize(entries: CatalogEntry[], results: HarvestResult[]): string {
  const lines: string[] = [];
  const tools = entries.reduce((n, e) => n + e.tools.length, 0);
  const pending = results.filter((r) => r.error === 'not harvested yet').length;
  const failed = results.filter((r) => !r.ok && r.error !== 'not harvested yet');
  lines.push(`\nservers ok: ${entries.length}, failed: ${failed.length}, not harvested yet: ${pending}, tools: ${tools}`);
  for (const source of ['tools/list', 'documentation'] as const) {
    const part = entries.filter((e) => e.tools_source === source);
    lines.push(`  from ${source}: ${part.length} servers, ${part.reduce((n, e) => n + e.tools.length, 0)} tools`);
  }
  const byCategory = new Map<string, CatalogEntry[]>();
  for (const entry of entries) byCategory.set(entry.category, [...(byCategory.get(entry.category) ?? []), entry]);
  for (const [category, list] of [...byCategory].sort()) {
    lines.push(`  ${category.padEnd(16)} ${String(list.length).padStart(4)} servers ${String(list.reduce((n, e) => n + e.tools.length, 0)).padStart(6)} tools`);
  }
  if (failed.length) lines.push('failed:');
  for (const result of failed) lines.push(`  ${result.registry}:${result.pkg}: ${(result.error ?? '').split('\n')[0].slice(0, 160)}`);
  return `${lines.join('\n')}\n`;
}
