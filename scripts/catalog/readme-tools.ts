// Reads the tool list a server documents in its own README (a "Tools" section with
// bullets, headings or a table). Used only when the server will not run tools/list
// without real credentials; nothing here invents a tool the README does not name.
import type { CatalogTool } from '../../catalog/schema.ts';

// Tool names in READMEs are structured (snake_case, kebab-case, dotted or camelCase);
// requiring that keeps ordinary words out. A bare word counts only inside backticks.
const STRUCTURED = /^[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+$|^[a-z]+(?:[A-Z][a-z0-9]+)+$/;
const BARE = /^[a-z][a-z0-9]{2,30}$/;
const TYPE_WORDS = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'required', 'optional', 'true', 'false', 'null', 'npx', 'uvx', 'node', 'docker', 'returns', 'inputs', 'input', 'output']);
const TOOL_HEADING = /\btools?\b|functions|capabilities|commands|operations/i;
const SEP = /^\s*(?:[-–—:]|\s-\s)\s*/;

interface Property {
  type: string;
  description?: string;
}
interface Draft {
  name: string;
  description: string;
  properties: Record<string, Property>;
  required: string[];
  indent: number;
}

function toolName(raw: string, quoted: boolean): string | undefined {
  const name = raw.replace(/\(\)$/, '');
  // `foo-mcp-server` in a README is the package or its command, not a tool.
  if (TYPE_WORDS.has(name) || /^v\d/.test(name) || (/mcp/i.test(name) && name.includes('-'))) return undefined;
  if (STRUCTURED.test(name) || (quoted && BARE.test(name))) return name;
  return undefined;
}

/** Splits `**`name`** - text` style lead-ins into a name and the rest. */
function leadName(body: string): { name: string; rest: string } | undefined {
  const m = /^(\*\*|__)?(`)?([A-Za-z][\w.-]*(?:\(\))?)`?(?:\*\*|__)?(.*)$/.exec(body.trim());
  if (!m) return undefined;
  const name = toolName(m[3], Boolean(m[2] || m[1]));
  if (!name) return undefined;
  const rest = m[4];
  if (rest.trim() && !SEP.test(rest) && !/^\s*\(/.test(rest)) return undefined;
  return { name, rest: rest.replace(SEP, '').trim() };
}

function typeOf(hint: string): string {
  if (/\[\]|array|list/i.test(hint)) return 'array';
  if (/integer|\bint\b/i.test(hint)) return 'integer';
  if (/number|float/i.test(hint)) return 'number';
  if (/bool/i.test(hint)) return 'boolean';
  if (/object|dict|map/i.test(hint)) return 'object';
  return 'string';
}

function addParam(draft: Draft, body: string): boolean {
  const m = /^`([A-Za-z_][\w]*)`\s*(?:\(([^)]*)\))?\s*(?:[-–—:]\s*)?(.*)$/.exec(body.trim());
  if (!m) return false;
  const [, name, hint = '', text] = m;
  draft.properties[name] = { type: typeOf(hint), ...(text ? { description: text.trim() } : {}) };
  if (!/optional/i.test(hint) && !/^optional/i.test(text) && !/default/i.test(hint)) draft.required.push(name);
  return true;
}

const clean = (text: string) => text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').trim();

/** Tools named in a README's tool sections, with parameters where the README lists them. */
export function toolsFromReadme(markdown: string): CatalogTool[] {
  const drafts: Draft[] = [];
  let headingLevel = 0;
  let inTools = false;
  let current: Draft | undefined;
  let inFence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      const lead = leadName(heading[2].replace(/^\d+\.\s*/, ''));
      if (lead && (inTools || STRUCTURED.test(lead.name)) && level > headingLevel) {
        current = { name: lead.name, description: clean(lead.rest), properties: {}, required: [], indent: -1 };
        drafts.push(current);
        continue;
      }
      current = undefined;
      if (TOOL_HEADING.test(heading[2])) {
        inTools = true;
        headingLevel = level;
      } else if (level <= headingLevel) {
        inTools = false;
        headingLevel = 0;
      }
      continue;
    }
    const bullet = /^(\s*)(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (bullet) {
      const indent = bullet[1].length;
      if (current && indent > current.indent) {
        if (addParam(current, bullet[2])) continue;
        if (!current.description && !/^(inputs?|parameters|params|returns?|arguments)\b/i.test(bullet[2].trim())) current.description = clean(bullet[2]);
        continue;
      }
      const lead = inTools ? leadName(bullet[2]) : undefined;
      current = lead ? { name: lead.name, description: clean(lead.rest), properties: {}, required: [], indent } : undefined;
      if (current) drafts.push(current);
      continue;
    }
    const row = /^\|(.+)\|\s*$/.exec(line);
    if (row && inTools) {
      const cells = row[1].split('|').map((c) => c.trim());
      const lead = cells[0] ? leadName(cells[0]) : undefined;
      if (lead) {
        const description = cells.slice(1).sort((a, b) => b.length - a.length)[0] ?? '';
        drafts.push({ name: lead.name, description: clean(description), properties: {}, required: [], indent: 0 });
      }
      current = undefined;
      continue;
    }
    if (current && !current.description && line.trim() && !line.trim().startsWith('|')) current.description = clean(line);
  }
  const seen = new Set<string>();
  // A bullet like "`limit` (integer) - Maximum rows" outside a tool's nesting is a
  // parameter, not a tool.
  const parameterLike = /^\(?\s*(optional\s+|required\s+)?(string|integer|number|boolean|array|object|json|int|bool|str)\b/i;
  return drafts.flatMap((d) => {
    if (seen.has(d.name) || parameterLike.test(d.description)) return [];
    seen.add(d.name);
    const inputSchema = { type: 'object' as const, properties: d.properties, ...(d.required.length ? { required: d.required } : {}) };
    return [{ name: d.name, description: d.description.slice(0, 1000), inputSchema }];
  });
}
