import { describe, expect, it } from 'vitest';
import type { ToolDocument } from '../../search/types.ts';
import { realEngine } from './real-engine.ts';

/**
 * Issue 39: the pool is completed with the other tools of the servers that lead it
 * (search/engine.ts `SiblingExpansion`). A task that needs a park finder usually needs the same
 * server's campgrounds and alerts too, though the catalog around them matches its words better.
 * Real engine and model, embedded backend; lists of 8 stand for the service's 100 over ~10,000 tools.
 */
const LIST = 8;

const PARKS: [string, string][] = [
  ['find_parks', 'Search for national parks by state, name or activity.'],
  ['get_alerts', 'Current closures, hazards and advisories at a park.'],
  ['get_campgrounds', 'Campsites at a park and their amenities.'],
  ['get_visitor_centers', 'Visitor centers and their opening hours.'],
  ['get_events', 'Upcoming ranger programs and events.'],
  ['get_webcams', 'Live webcam images.'],
  ['get_tours', 'Self-guided tours and their stops.'],
  ['get_parking_lots', 'Parking lots and their capacity.'],
  ['get_news_releases', 'Press releases of the service.'],
  ['get_lesson_plans', 'Lesson plans for teachers.'],
];

/** Other servers whose tools share some of the task's words (plan, hiking, trip, Utah), which the parks server's siblings do not. */
function distractors(): ToolDocument[] {
  const subjects = ['hiking trail', 'road trip', 'trip budget', 'Utah travel', 'trail run', 'hiking gear', 'trip photo', 'trail map'];
  const verbs = ['log', 'plan', 'share', 'rate', 'export', 'import'];
  return subjects.flatMap((subject, i) => verbs.map((verb) => ({
    id: `app-${i}/${verb}_${subject.replace(/\s+/g, '_')}`,
    server: `app-${i}`,
    name: `${verb}_${subject.replace(/\s+/g, '_')}`,
    description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${subject} entry in your travel journal.`,
  })));
}

const parks = PARKS.map(([name, description]) => ({ id: `parks/${name}`, server: 'parks', name, description }));
const query = 'Plan a hiking trip to the national parks in Utah: which parks, any closures, and where can we camp?';

const engine = realEngine(() => [...parks, ...distractors()], LIST);

describe('sibling expansion of the pool', { timeout: 60_000 }, () => {
  it('adds the leading server\'s tools that the lists missed to the pool, which keeps what it had; the lists stay sorted', async () => {
    const plain = await engine().retrieve({ query, topK: LIST });
    const plainIds = plain.hits.map((h) => h.id);
    const missing = parks.map((p) => p.id).filter((id) => !plainIds.includes(id));
    // The case the expansion is for: the park finder leads, some of its siblings are not in the pool.
    expect(plainIds.slice(0, 3), plainIds.join(' ')).toContain('parks/find_parks');
    expect(missing.length, plainIds.join(' ')).toBeGreaterThan(0);

    const expanded = await engine().retrieve({ query, topK: LIST, siblings: { servers: 1, perServer: PARKS.length } });
    const ids = expanded.hits.map((h) => h.id);
    for (const id of parks.map((p) => p.id)) expect(ids, id).toContain(id);
    // The pool keeps every hit it had, none with less relevance (a hit found by one list may now
    // be found past the other's end too); only the missing siblings join.
    for (const h of plain.hits) expect(expanded.hits.find((e) => e.id === h.id)!.relevance, h.id).toBeGreaterThanOrEqual(h.relevance);
    expect(ids.filter((id) => !plainIds.includes(id)).sort()).toEqual([...missing].sort());
    // A list extended past its end stays sorted: no sibling scores above the list's last entry.
    for (const list of [expanded.bm25, expanded.vector]) {
      for (let i = 1; i < list.length; i++) expect(list[i].score).toBeLessThanOrEqual(list[i - 1].score);
    }
  });

  it('expands only the leading servers, and never a search already restricted to servers', async () => {
    const expanded = await engine().retrieve({ query, topK: LIST, siblings: { servers: 1, perServer: PARKS.length } });
    const plainIds = (await engine().retrieve({ query, topK: LIST })).hits.map((h) => h.id);
    const leading = new Set(expanded.hits.filter((h) => !plainIds.includes(h.id)).map((h) => h.id.split('/')[0]));
    expect([...leading]).toEqual(['parks']);

    const filter = { servers: ['parks', 'app-0'] };
    const restricted = await engine().retrieve({ query, topK: 3, filter, siblings: { servers: 1, perServer: PARKS.length } });
    const plain = await engine().retrieve({ query, topK: 3, filter });
    expect(restricted.hits).toEqual(plain.hits);
  });
});
