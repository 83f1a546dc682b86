import { describe, expect, it } from 'vitest';
import { understandRequest } from '../../search/discover.ts';
import { clauses, sentenceCount } from '../../search/text/clauses.ts';
import { typeLiterals } from '../../search/text/literals.ts';

// Issue 39: how a request is read before it is searched. Literal values become their kinds, and a
// request of several steps is cut into them (search/text/literals.ts, search/text/clauses.ts).
describe('literal values in a request', () => {
  it('reads URLs, paths (a file path with its extension), e-mail addresses and selectors as the kinds of value they are', () => {
    expect(typeLiterals('Perform an HTTP GET request to https://www.baidu.com/s?wd=x and search')).toBe('Perform an HTTP GET request to url baidu and search');
    expect(typeLiterals('Get the issues of github.com/owner/repo')).toBe('Get the issues of url github');
    expect(typeLiterals('Show metadata of ./test_project_root/data/test_file_csv_1.csv, then stop')).toBe('Show metadata of file path csv , then stop');
    expect(typeLiterals('Read /etc/hosts please')).toBe('Read path please');
    expect(typeLiterals('Create ./test_project_root/src/utils/helpers if missing')).toBe('Create path if missing');
    expect(typeLiterals('Send it to bob.smith@example.co.uk now')).toBe('Send it to email address now');
    expect(typeLiterals('Click the element #login-button.')).toBe('Click the element selector .');
    expect(typeLiterals('Hover over .news-item and wait')).toBe('Hover over selector and wait');
  });

  it('leaves words that only look like literals alone', () => {
    for (const text of ['Use and/or logic', 'What is 3.5/2?', 'version 1.2.3 of node', 'the C# language', 'a .5 second wait']) expect(typeLiterals(text)).toBe(text);
  });

  it('reads hostile requests of the API\'s 500 characters once, leaving what no pattern fits as written', () => {
    // Runs that the patterns' quantifiers meet at every position: each must be read once, not retried.
    const hostile = ['./' + 'a/'.repeat(249), 'a.'.repeat(250), '#' + 'a-'.repeat(249), `${'a'.repeat(480)}@${'b.'.repeat(9)}`, 'https://' + '/'.repeat(492), 'x/'.repeat(250)];
    for (const text of hostile) {
      const typed = typeLiterals(text);
      expect(typed.length).toBeLessThanOrEqual(text.length + 20);
    }
    // A path of more parts than a real one has is left as written; a deep real one is typed.
    expect(typeLiterals(`./${'a/'.repeat(20)}b.txt`)).toBe('file path txt');
  });

  it('feeds every stage: the embedded text, the BM25 rewrite and the second stage see the kinds', () => {
    const understood = understandRequest('Read ./reports/q3.csv and email it to ops@example.com');
    expect(understood.query).toBe('Read file path csv and email it to email address');
    expect(understood.rewritten).not.toMatch(/reports|q3|ops|example/);
    expect(understood.second.sentences).toHaveLength(2);
  });
});

describe('the steps of a request', () => {
  it('cuts at sentences, at sequencing words and at "and" before an action verb', () => {
    expect(clauses('Search for papers on machine learning and save a summary to a file.')).toEqual(['Search for papers on machine learning', 'save a summary to a file.']);
    expect(clauses('Click the submit button, and then take a screenshot of the page')).toEqual(['Click the submit button', 'take a screenshot of the page']);
    expect(clauses('First, list files. After that, read the README')).toEqual(['First, list files', 'After that, read the README']);
    expect(clauses('Get the weather in Paris then send it to Bob; also email Alice')).toEqual(['Get the weather in Paris', 'send it to Bob', 'also email Alice']);
    expect(clauses('Find the flights and please book the cheapest')).toEqual(['Find the flights', 'please book the cheapest']);
  });

  it('keeps "and" that joins words, not steps, inside one step', () => {
    for (const text of ['Find articles about science and technology', 'List files and directories in /tmp', 'Compare prices of apples and oranges']) expect(clauses(text)).toEqual([text]);
  });

  it('counts sentences as written apart from steps (the sibling expansion reads sentences)', () => {
    expect(sentenceCount('Search papers and save a summary.')).toBe(1);
    expect(sentenceCount('Search papers. Save a summary.')).toBe(2);
  });
});
