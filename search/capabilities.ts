import { analyze, splitWords } from './text/tokenize.ts';
import type { ToolDocument } from './types.ts';

/** A capability: what kind of action a tool performs, recognised by its verbs. */
export interface Capability {
  id: string;
  name: string;
  /** Verbs and action nouns; compared after analysis (stemmed). */
  verbs: string[];
}

/**
 * The small fixed set of capabilities (docs/retrieval.md). They come from the leading verbs of
 * tool names in MCP catalogues and RapidAPI (get_, list_, search_, create_, send_, convert_…),
 * which is where tools state their action most reliably.
 */
export const CAPABILITIES: Capability[] = [
  { id: 'search', name: 'Search and discover', verbs: ['search', 'find', 'lookup', 'query', 'discover', 'match', 'locate', 'autocomplete', 'suggest'] },
  { id: 'read', name: 'Get details', verbs: ['get', 'fetch', 'retrieve', 'read', 'show', 'view', 'detail', 'info', 'check', 'status'] },
  { id: 'list', name: 'List and browse', verbs: ['list', 'browse', 'all', 'top', 'latest', 'recent', 'trending', 'popular'] },
  { id: 'create', name: 'Create and generate', verbs: ['create', 'add', 'new', 'generate', 'make', 'register', 'post', 'insert', 'upload', 'build'] },
  { id: 'update', name: 'Update and configure', verbs: ['update', 'edit', 'modify', 'change', 'set', 'rename', 'patch', 'configure', 'enable', 'disable'] },
  { id: 'delete', name: 'Delete and cancel', verbs: ['delete', 'remove', 'cancel', 'clear', 'unsubscribe', 'revoke'] },
  { id: 'send', name: 'Send and notify', verbs: ['send', 'email', 'sms', 'notify', 'message', 'share', 'publish', 'forward', 'reply'] },
  { id: 'convert', name: 'Convert and transform', verbs: ['convert', 'translate', 'transform', 'format', 'parse', 'extract', 'encode', 'decode', 'shorten', 'resize'] },
  { id: 'analyze', name: 'Analyze and calculate', verbs: ['analyze', 'analyse', 'calculate', 'compute', 'estimate', 'predict', 'detect', 'classify', 'validate', 'verify', 'compare', 'score'] },
  { id: 'download', name: 'Download and export', verbs: ['download', 'export', 'save', 'backup', 'stream', 'play'] },
];

const VERB_TO_CAP = new Map<string, string>();
for (const c of CAPABILITIES) for (const v of c.verbs) for (const t of analyze(v)) VERB_TO_CAP.set(t, c.id);

/** The capability a query asks for, with a confidence in 0..1 (0 when nothing matched). */
export interface DetectedCapability {
  id: string | null;
  confidence: number;
}

/**
 * Detects the capability of a query: count verb hits per capability, earlier words weighing
 * more (requests lead with the action); confidence = best / (total + 0.5), so one clear hit
 * reads 0.67, two agreeing hits 0.8, and split evidence stays low.
 */
export function detectCapability(query: string): DetectedCapability {
  const hits = new Map<string, number>();
  let total = 0;
  analyze(query).forEach((tok, i) => {
    const cap = VERB_TO_CAP.get(tok);
    if (!cap) return;
    const w = 1 / (1 + i / 20);
    hits.set(cap, (hits.get(cap) ?? 0) + w);
    total += w;
  });
  let best: string | null = null;
  let bestScore = 0;
  for (const [cap, s] of hits) if (s > bestScore) [best, bestScore] = [cap, s];
  return { id: best, confidence: best ? Math.min(1, bestScore / (total + 0.5)) : 0 };
}

// A document is immutable once made (an update is a new object): what its name and first
// sentence say it does is worked out once and kept with it. The second stage asks it of every
// candidate of every request that names a capability (~2 µs a document analysed again).
const stated = new WeakMap<ToolDocument, { inName: ReadonlySet<string>; inDescription: ReadonlySet<string> }>();

/** The capabilities whose verbs a tool's name has, and those its description's first sentence has. */
function statedCapabilities(doc: ToolDocument) {
  let found = stated.get(doc);
  if (!found) {
    const capabilities = (tokens: readonly string[]) => new Set(tokens.flatMap((t) => VERB_TO_CAP.get(t) ?? []));
    const firstSentence = (doc.description ?? '').split(/[.!?\n]/, 1)[0];
    found = { inName: capabilities(analyze(splitWords(doc.name).join(' '))), inDescription: capabilities(analyze(firstSentence)) };
    stated.set(doc, found);
  }
  return found;
}

/**
 * How strongly a tool performs a capability, 0..1: 1 when a verb of it is in the tool name,
 * 0.6 when only in the description's first sentence, 0 otherwise.
 */
export function toolCapabilityMatch(doc: ToolDocument, capabilityId: string): number {
  const { inName, inDescription } = statedCapabilities(doc);
  return inName.has(capabilityId) ? 1 : inDescription.has(capabilityId) ? 0.6 : 0;
}

/** The capabilities a tool performs (for catalog listings such as GET /capabilities): toolCapabilityMatch(…) > 0. */
export function toolCapabilities(doc: ToolDocument): string[] {
  const { inName, inDescription } = statedCapabilities(doc);
  return CAPABILITIES.filter((c) => inName.has(c.id) || inDescription.has(c.id)).map((c) => c.id);
}
