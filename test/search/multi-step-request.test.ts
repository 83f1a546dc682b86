import { describe, expect, it } from 'vitest';
import { discover } from '../../search/discover.ts';
import type { ToolDocument } from '../../search/types.ts';
import { realEngine } from './real-engine.ts';

/**
 * Issue 39, as behaviour: a task of two steps on two servers, whose first step carries a file path
 * full of words that other tools' descriptions have ("test", "project", "root", "data"). Each
 * step's tool must reach the top, above the tools that only match the path's words. Real engine,
 * model and reranker, embedded backend.
 */
const tool = (server: string, name: string, description: string): ToolDocument => ({ id: `${server}/${name}`, server, name, description });
const FILES = [
  tool('files', 'read_file', 'Read the complete contents of a file from the file system.'),
  tool('files', 'get_file_info', 'Retrieve detailed metadata about a file or directory: size, creation and modification time, permissions.'),
  tool('files', 'write_file', 'Create a new file or overwrite an existing file with new content.'),
  tool('files', 'list_directory', 'List the files and directories in a directory.'),
];
const BROWSER = [
  tool('browser', 'browser_screenshot', 'Take a screenshot of the current page or of one element.'),
  tool('browser', 'browser_click', 'Click an element on the page.'),
  tool('browser', 'browser_navigate', 'Navigate the browser to a URL.'),
];
/** Tools of other servers whose text has the path's words, not the task's actions. */
const PATH_WORDS = [
  tool('tests', 'list_tests', 'List the test files in the project root and their test data.'),
  tool('tests', 'run_tests', 'Run the tests of a test project from its root directory.'),
  tool('tests', 'set_project_root', 'Set the project root used by the test runner.'),
  tool('tests', 'analyze_coverage', 'Test coverage of the project files under the root.'),
  tool('datasets', 'import_test_data', 'Import test data from a CSV file into a project dataset.'),
  tool('datasets', 'project_data_summary', 'Summary of the data of a project: rows, columns, test split.'),
];
const query = 'Give me the metadata of ./test_project_root/data/test_file_1.csv and then take a screenshot of the current page';

const engine = realEngine(() => [...FILES, ...BROWSER, ...PATH_WORDS], 100);

describe('a request of two steps on two servers', { timeout: 60_000 }, () => {
  it('ranks each step\'s tool first, above the tools that only match the words of its literal path', async () => {
    const { tools, query_rewritten } = await discover(engine(), { query, topK: 10 });
    const ids = tools.map((t) => t.id);
    const place = (id: string) => (ids.includes(id) ? ids.indexOf(id) : Infinity);
    expect(ids.slice(0, 2).sort()).toEqual(['browser/browser_screenshot', 'files/get_file_info']);
    for (const distractor of PATH_WORDS) expect(place(distractor.id)).toBeGreaterThan(place('files/get_file_info'));
    expect(query_rewritten).not.toMatch(/test|project|root/);
  });
});
