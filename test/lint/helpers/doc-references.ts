import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// Finds the references between the docs and from code comments into them, and says which do
// not resolve. Two kinds: relative markdown links (`[text](path#anchor)`) in markdown files, and
// the quoted section names comments and docs cite as `docs/decisions.md, "Job streams"` (the
// form the code uses; a section resolves when a heading or a bold entry starts with it).

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.cache', '.data', 'dist', 'coverage', '.work']);
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|sh|ya?ml)$/;

export interface Problem {
  file: string;
  line: number;
  reference: string;
  reason: string;
}

/** Every file under `dir` whose name matches, outside dependency, build and scratch folders. */
export function filesUnder(dir: string, name: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.dist-') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, name));
    else if (name.test(entry.name)) found.push(path);
  }
  return found;
}

export const codeFilesUnder = (root: string): string[] => filesUnder(root, CODE_FILE);
export const markdownFilesUnder = (root: string): string[] => filesUnder(root, /\.md$/);

/** Markdown text without fenced code blocks (their lines kept blank, so line numbers hold). */
function withoutFences(markdown: string): string[] {
  let inFence = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return '';
    }
    return inFence ? '' : line;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
}

const headingsOf = (markdown: string): string[] =>
  withoutFences(markdown).flatMap((line) => /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1] ?? []);

/** The anchors GitHub gives the headings of a markdown text (repeats get `-1`, `-2`, ...). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headingsOf(markdown)) {
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

const normalise = (text: string): string => text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Names a section reference may start: headings and bold entries (`- **Job view.**`). */
export function sectionNamesOf(markdown: string): string[] {
  // Bold runs may wrap onto the next line of their paragraph.
  const bold = [...withoutFences(markdown).join('\n').matchAll(/\*\*([^*]+?)\*\*/g)].map((m) => m[1]);
  return [...headingsOf(markdown), ...bold].map(normalise);
}

/** Relative markdown links of one markdown text that point at no file, or at no heading of it. */
export function brokenLinks(file: string, markdown: string, root: string): Problem[] {
  const problems: Problem[] = [];
  withoutFences(markdown).forEach((text, index) => {
    for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const reference = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(reference)) continue; // http:, mailto: ...
      const [pathPart, anchor] = reference.split('#', 2) as [string, string | undefined];
      const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
      const at = { file: relative(root, file), line: index + 1, reference };
      if (!target.startsWith(root + sep) && target !== root) continue; // outside the repository
      if (!existsSync(target)) {
        problems.push({ ...at, reason: 'no such file' });
      } else if (anchor && statSync(target).isFile() && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
        problems.push({ ...at, reason: 'no such heading' });
      }
    }
  });
  return problems;
}

// `docs/decisions.md, "Job streams"`, `decisions.md "Job view"`, `retrieval.md ("Latency")`, the
// quoted name possibly broken over comment lines (`//`, ` * `, `#`).
const SECTION_REFERENCE =
  /((?:[\w.-]+\/)*[\w.-]+\.md)(?:,|:)?[ \t]*\(?((?:\s|\/\/|\*(?!\*)|#)*)"([^"\n]+(?:\n[ \t]*(?:\/\/|\*|#)?[ \t]*[^"\n]+)?)"/g;

/** Where a name like `decisions.md` or `bench/README.md` lives: as written, else under docs/. */
function docFile(name: string, root: string): string | undefined {
  for (const candidate of [join(root, name), join(root, 'docs', name)]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** Quoted section references in a text whose file is missing or has no such section. */
export function brokenSectionReferences(file: string, text: string, root: string): Problem[] {
  const problems: Problem[] = [];
  for (const match of text.matchAll(SECTION_REFERENCE)) {
    const [, name, , quoted] = match;
    // Only a quote right after the file name (nothing but separators between) is a section.
    const section = normalise(quoted.replace(/\n[ \t]*(?:\/\/|\*|#)?/g, ' '));
    const line = text.slice(0, match.index).split('\n').length;
    const at = { file: relative(root, file), line, reference: `${name} "${section}"` };
    // The steering documents (../shared/...) are beside a checkout, not in a clone: not ours to check.
    if (!resolve(root, name).startsWith(root + sep)) continue;
    const target = docFile(name, root);
    if (!target) {
      problems.push({ ...at, reason: 'no such file' });
      continue;
    }
    const names = sectionNamesOf(readFileSync(target, 'utf8'));
    if (!names.some((candidate) => candidate.startsWith(section))) problems.push({ ...at, reason: 'no such section' });
  }
  return problems;
}

/** Test files a decision names (`test/x/y.test.ts`, `test/x/*.test.ts`, or `z.test.ts` after one in
 * the same brackets, meaning the same folder) that do not exist. */
export function missingTestFiles(file: string, markdown: string, root: string): Problem[] {
  const problems: Problem[] = [];
  markdown.split('\n').forEach((text, index) => {
    let folder = '';
    for (const match of text.matchAll(/(?<![\w/-])((?:test\/[\w./-]+\/)?)([\w*-]+\.test\.ts)/g)) {
      const [reference, path, name] = match;
      if (path) folder = path;
      const dir = join(root, path || folder || 'test');
      const pattern = new RegExp(`^${name.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
      const found = existsSync(dir) && (path || folder ? readdirSync(dir).some((f) => pattern.test(f)) : filesUnder(dir, pattern).length > 0);
      if (!found) problems.push({ file: relative(root, file), line: index + 1, reference, reason: 'no such test file' });
    }
  });
  return problems;
}
