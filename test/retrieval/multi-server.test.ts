import { describe, expect, it } from 'vitest';
import { discover, discoverCandidates } from '../../search/discover.ts';
import { NEAR_DUPLICATE_KEEP } from '../../search/near-duplicates.ts';
import type { ToolDocument } from '../../search/types.ts';
import { realEngine } from '../search/real-engine.ts';

/**
 * Issue 39, ranking as behaviour over generated cases (the real engine and model, embedded
 * backend): a task that needs tools of several servers gets each of them into the top 10, and
 * many copies of one tool across servers (forks of a fetcher) do not crowd out the rest.
 */
/** Eight kinds of server: the tool a task needs, siblings that must not be taken for it, and a plain-words intent that never names the tool. */
const DOMAINS = [
  { server: 'weather', target: ['get_forecast', 'Get the weather forecast for a city for the coming days.'], siblings: ['get_air_quality:Air quality index for a location.', 'get_sunrise_times:Sunrise and sunset times for a date.', 'list_stations:List weather stations near coordinates.'], intent: 'find out whether it will rain in Lisbon this weekend' },
  { server: 'calendar', target: ['create_event', "Create an event in the user's calendar with a title, start and end time."], siblings: ['list_calendars:List the calendars of the account.', 'delete_event:Delete an event by id.', 'get_free_busy:Free/busy information for attendees.'], intent: 'put a meeting with Ana on my calendar for Tuesday at 10' },
  { server: 'mail', target: ['send_email', 'Send an email message to one or more recipients.'], siblings: ['list_folders:List mailbox folders.', 'mark_read:Mark messages as read.', 'get_attachment:Download an attachment of a message.'], intent: 'email the summary to my team' },
  { server: 'files', target: ['write_file', 'Write text content to a file on disk, creating it if needed.'], siblings: ['list_directory:List the entries of a directory.', 'get_file_info:Size and dates of a file.', 'move_file:Move or rename a file.'], intent: 'save the notes into a text file on my disk' },
  { server: 'papers', target: ['search_papers', 'Search academic papers and preprints by keywords.'], siblings: ['get_citation:Format a citation for a paper id.', 'list_journals:List indexed journals.', 'get_author:Profile of an author.'], intent: 'look up recent research articles about protein folding' },
  { server: 'maps', target: ['get_directions', 'Get driving or walking directions between two addresses.'], siblings: ['geocode:Turn an address into coordinates.', 'get_timezone:Time zone of a location.', 'static_map:Render a static map image.'], intent: 'work out the driving route from the airport to the hotel' },
  { server: 'stocks', target: ['get_quote', 'Get the latest stock price quote for a ticker symbol.'], siblings: ['list_exchanges:List stock exchanges.', 'get_dividends:Dividend history of a company.', 'get_filings:Regulatory filings of a company.'], intent: 'check how much Apple shares are trading at right now' },
  { server: 'translator', target: ['translate_text', 'Translate text from one language to another.'], siblings: ['detect_language:Detect the language of a text.', 'list_languages:List supported languages.', 'glossary_add:Add a term to a glossary.'], intent: 'turn the paragraph into Spanish' },
] as const;

const FETCH_COPIES = 12;
const schema = (props: string[]) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])), required: props.slice(0, 1) });

function corpus(): ToolDocument[] {
  const docs: ToolDocument[] = [];
  for (const d of DOMAINS) {
    docs.push({ id: `${d.server}/${d.target[0]}`, server: d.server, name: d.target[0], description: d.target[1], inputSchema: schema(['query']) });
    for (const s of d.siblings) {
      const [name, description] = s.split(':');
      docs.push({ id: `${d.server}/${name}`, server: d.server, name, description, inputSchema: schema(['id']) });
    }
  }
  // Forks of one fetcher, as registries list them: the same tool, wording changed a little.
  const wording = ['Fetches a URL from the internet and extracts its contents as markdown.', 'Fetch a URL from the internet and extract its contents as markdown.', 'Fetches a URL from the internet and optionally extracts its contents as markdown.'];
  for (let i = 1; i <= FETCH_COPIES; i++) docs.push({ id: `fetch-${i}/fetch`, server: `fetch-${i}`, name: 'fetch', description: wording[i % wording.length], inputSchema: schema(['url', 'max_length']) });
  return docs;
}

const target = (d: (typeof DOMAINS)[number]) => `${d.server}/${d.target[0]}`;

const engine = realEngine(corpus, 100);
const top10 = async (query: string) => (await discover(engine(), { query, topK: 10 })).tools.map((t) => t.id);

describe('a task that needs several servers', { timeout: 120_000 }, () => {
  it('gets the tool of every server it needs into the top 10, for every pair and for triples of kinds', async () => {
    const tasks: (typeof DOMAINS)[number][][] = [];
    for (let i = 0; i < DOMAINS.length; i++) for (let j = i + 1; j < DOMAINS.length; j++) tasks.push([DOMAINS[i], DOMAINS[j]]);
    for (let i = 0; i < DOMAINS.length; i++) tasks.push([DOMAINS[i], DOMAINS[(i + 3) % DOMAINS.length], DOMAINS[(i + 5) % DOMAINS.length]]);
    const missed: string[] = [];
    let needed = 0;
    let oneServerOnly = 0;
    for (const parts of tasks) {
      const query = `I need to ${parts.map((p) => p.intent).join(', and then ')}.`;
      const ranked = await top10(query);
      needed += parts.length;
      const found = parts.filter((p) => ranked.includes(target(p)));
      if (found.length < 2) oneServerOnly++;
      for (const p of parts) if (!found.includes(p)) missed.push(`${target(p)} for "${query}"`);
    }
    // Not yet every one (issue 39, left open: the second stage scores a whole server's tools
    // together when no tool matches a clause's words, e.g. "turn the paragraph into Spanish"):
    // 68 of 80 found, 5 of 36 tasks with one server's tool only, when this was written. The
    // floors catch a ranking that falls back to one server per task.
    expect(1 - missed.length / needed, missed.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(oneServerOnly / tasks.length, missed.join('\n')).toBeLessThanOrEqual(0.15);
  });
});

describe('near-duplicates across servers', { timeout: 120_000 }, () => {
  it(`keeps at most ${NEAR_DUPLICATE_KEEP} copies of a fetcher ahead of the other tool a task needs`, async () => {
    for (const d of DOMAINS) {
      const query = `Fetch the web page at https://example.org/report and ${d.intent}.`;
      const ranked = await top10(query);
      expect(ranked, query).toContain(target(d));
      const ahead = ranked.slice(0, ranked.indexOf(target(d))).filter((id) => id.endsWith('/fetch'));
      expect(ahead.length, `${query}: ${ranked.join(' ')}`).toBeLessThanOrEqual(NEAR_DUPLICATE_KEEP);
      // The fetcher itself is still found: copies move down, none is removed.
      expect(ranked.some((id) => id.endsWith('/fetch')), query).toBe(true);
    }
  });

  it('a plain fetch request still finds every copy (they move down, none is removed), the first ones on top', async () => {
    const ranked = (await discoverCandidates(engine(), { query: 'fetch a url and give me its content as markdown', topK: 10 })).tools.map((t) => t.id);
    expect(ranked.filter((id) => id.endsWith('/fetch')).length).toBe(FETCH_COPIES);
    expect(ranked.slice(0, NEAR_DUPLICATE_KEEP).every((id) => id.endsWith('/fetch'))).toBe(true);
  });
});
