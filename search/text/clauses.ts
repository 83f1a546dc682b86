/**
 * How a request is cut into the steps it asks for (issue 39: "find three papers on X and save a
 * summary to a file" needs a search tool and a file tool). Sentences, and inside a sentence the
 * parts joined by a sequencing word ("then", "after that", "also") or by "and" before an action
 * verb. Only grammar, no vocabulary of tools: "and" before anything else ("science and
 * technology", "files and directories") joins words, not steps.
 */
const SENTENCE = /[.!?;]+\s|\n/;

/** Imperative verbs a step starts with; "and" before one of them starts a new step. */
const STEP_VERBS = [
  'add', 'analyse', 'analyze', 'append', 'ask', 'book', 'build', 'calculate', 'call', 'cancel', 'capture', 'change', 'check',
  'clear', 'click', 'close', 'compare', 'compile', 'compute', 'convert', 'copy', 'count', 'crawl', 'create', 'delete', 'deploy', 'describe',
  'download', 'draft', 'edit', 'email', 'enter', 'estimate', 'evaluate', 'execute', 'explain', 'export', 'extract', 'fetch', 'fill', 'filter',
  'find', 'forward', 'generate', 'get', 'give', 'go', 'grab', 'identify', 'import', 'insert', 'install', 'invite', 'launch', 'list', 'load',
  'locate', 'log', 'look', 'make', 'mark', 'merge', 'message', 'move', 'navigate', 'notify', 'open', 'order', 'perform', 'plot', 'post',
  'press', 'print', 'provide', 'publish', 'pull', 'push', 'put', 'query', 'rank', 'read', 'record', 'remove', 'rename', 'reply', 'report',
  'request', 'resize', 'retrieve', 'return', 'review', 'run', 'save', 'schedule', 'scrape', 'scroll', 'search', 'select', 'send', 'set',
  'share', 'show', 'sort', 'start', 'stop', 'store', 'submit', 'summarise', 'summarize', 'switch', 'take', 'tell', 'translate', 'type',
  'update', 'upload', 'verify', 'visit', 'write',
];
const POLITE = '(?:(?:please|also|then|can you|could you|would you)\\s+)*';
const SEQUENCE = /,?\s+(?:and\s+)?(?:then|after that|afterwards)\s*,?\s+|,?\s+and also\s+|,\s+also\s+/i;
const AND_VERB = new RegExp(`,?\\s+and\\s+(?=${POLITE}(?:${STEP_VERBS.join('|')})\\b)`, 'i');

/** The request's clauses, trimmed, in order; one clause when it asks for one step. */
export function clauses(text: string): string[] {
  const out: string[] = [];
  for (const sentence of text.split(SENTENCE)) {
    for (const step of sentence.split(SEQUENCE)) {
      for (const part of step.split(AND_VERB)) {
        const trimmed = part.trim();
        if (trimmed) out.push(trimmed);
      }
    }
  }
  return out;
}

/** The request's sentences as written: what tells a task told in several steps from a one-line request. */
export function sentenceCount(text: string): number {
  return text.split(SENTENCE).filter((s) => s.trim()).length;
}
