import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  brokenLinks,
  brokenSectionReferences,
  codeFilesUnder,
  markdownFilesUnder,
  missingTestFiles,
  type Problem,
} from './helpers/doc-references.ts';

// Every reference into the docs resolves: the relative links of every markdown file, and the
// `docs/<file>.md, "<section>"` names that code comments and the current docs cite (issue 34,
// item 4: comments point at decisions, and the measurement logs moved to bench/results/).
// The verbatim logs (docs/history/, bench/results/) are checked for links only: their quoted
// names are history, written against the files as they were.
const root = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'doc-links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const THIS_CHECK = new Set(['test/lint/doc-links.test.ts', 'test/lint/helpers/doc-references.ts']);
const isVerbatimLog = (path: string): boolean => path.startsWith(`docs${sep}history${sep}`) || path.startsWith(`bench${sep}results${sep}`);
const described = (problems: Problem[]): string[] => problems.map((p) => `${p.file}:${p.line} ${p.reference}: ${p.reason}`);

describe('references into the docs', () => {
  it('every relative markdown link names an existing file and heading', () => {
    const problems = markdownFilesUnder(root).flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8'), root));
    expect(described(problems)).toEqual([]);
  });

  it('every quoted section a code comment or a current doc cites exists', () => {
    const code = codeFilesUnder(root).filter((file) => !THIS_CHECK.has(relative(root, file).split(sep).join('/')));
    const docs = markdownFilesUnder(root).filter((file) => !isVerbatimLog(relative(root, file)));
    const problems = [...code, ...docs].flatMap((file) => brokenSectionReferences(file, readFileSync(file, 'utf8'), root));
    expect(described(problems)).toEqual([]);
  });

  it('every test file a decision names exists', () => {
    const decisions = join(root, 'docs', 'decisions.md');
    expect(described(missingTestFiles(decisions, readFileSync(decisions, 'utf8'), root))).toEqual([]);
  });

  it('reports a missing file, heading, section or test file, and accepts real ones', () => {
    // A deliberately wrong reference of each kind, beside a right one, in a scratch tree.
    mkdirSync(join(scratch, 'docs'));
    writeFileSync(join(scratch, 'docs', 'decisions.md'), '# Decisions\n\n## Job streams: one notifier\n\n- **Which tool runs.** The first.\n');
    const readme = join(scratch, 'README.md');
    const links = '[ok](docs/decisions.md#job-streams-one-notifier) [gone](docs/nope.md) [bad](docs/decisions.md#no-such-heading)\n';
    expect(described(brokenLinks(readme, links, scratch))).toEqual([
      'README.md:1 docs/nope.md: no such file',
      'README.md:1 docs/decisions.md#no-such-heading: no such heading',
    ]);
    const source = [
      '// Ok (docs/decisions.md, "Job streams"); ok (decisions.md "Which tool',
      '// runs"); wrong (docs/decisions.md, "Overhead per run, part 9").',
      '/* wrong file: docs/nowhere.md, "Anything" */',
    ].join('\n');
    expect(described(brokenSectionReferences(join(scratch, 'x.ts'), source, scratch))).toEqual([
      'x.ts:2 docs/decisions.md "overhead per run, part 9": no such section',
      'x.ts:3 docs/nowhere.md "anything": no such file',
    ]);
    const named = '[test/lint/doc-links.test.ts, eslint-rules.test.ts, no-such.test.ts] [test/lint/*.test.ts] [test/gone/x.test.ts]';
    expect(described(missingTestFiles(join(root, 'docs', 'decisions.md'), named, root))).toEqual([
      'docs/decisions.md:1 no-such.test.ts: no such test file',
      'docs/decisions.md:1 test/gone/x.test.ts: no such test file',
    ]);
  });
});
