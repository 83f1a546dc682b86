import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../search/text/tokenize.ts';
import type { SearchBackend } from '../../search/types.ts';
import { axis, DIMS, indexed, TOOLS } from './fixtures.ts';

/**
 * The one suite every SearchBackend passes (issue 4: "the same test suite runs against both").
 * `make` returns a fresh, empty backend; `drop` removes what it created.
 */
export function backendContract(name: string, make: () => Promise<SearchBackend>, drop: (b: SearchBackend) => Promise<void>): void {
  describe(`SearchBackend contract: ${name}`, () => {
    let backend: SearchBackend;
    beforeAll(async () => {
      backend = await make();
      await backend.upsert(indexed());
    });
    afterAll(async () => {
      await drop(backend);
      await backend.close();
    });

    const search = (text: string, vector: Float32Array | null, filter?: Parameters<SearchBackend['search']>[0]['filter']) =>
      backend.search({ tokens: analyze(text), vector, size: 10, filter });

    it('counts what was indexed, with and without a filter', async () => {
      expect(await backend.count()).toBe(TOOLS.length);
      expect(await backend.count({ server: 'weather' })).toBe(2);
      expect(await backend.count({ ownerUserIds: [null] })).toBe(TOOLS.length - 1);
    });

    it('ranks by BM25: the tool whose name and description match comes first', async () => {
      const { bm25, vector } = await search('weather forecast for Paris', null);
      expect(vector).toEqual([]);
      expect(bm25[0].id).toBe('weather/get_forecast');
      expect(bm25.map((h) => h.id)).toContain('weather/get_alerts');
      expect(bm25.map((h) => h.id)).not.toContain('mail/send_email');
      expect(bm25[0].score).toBeGreaterThan(bm25[1].score);
    });

    it('finds tools by split identifiers (camelCase, kebab-case)', async () => {
      expect((await search('alerts', null)).bm25[0].id).toBe('weather/get_alerts');
      expect((await search('send', null)).bm25[0].id).toBe('mail/send_email');
    });

    it('ranks by cosine: the nearest vector first, scores as cosine', async () => {
      const { vector, bm25 } = await backend.search({ tokens: [], vector: axis(DIMS, 2, 3, 0.5), size: 3 });
      expect(bm25).toEqual([]);
      expect(vector.map((h) => h.id).slice(0, 2)).toEqual(['mail/send_email', 'finance/convert_currency']);
      expect(vector[0].score).toBeCloseTo(1 / Math.hypot(1, 0.5), 3);
    });

    it('takes a query vector still being computed: the same lists as with the vector at hand, and its failure as the search\'s', async () => {
      const filter = { ownerUserIds: [null] };
      const ready = await backend.search({ tokens: analyze('send an email'), vector: axis(DIMS, 2, 3, 0.5), size: 5, filter });
      const later = new Promise<Float32Array>((resolve) => setTimeout(() => resolve(axis(DIMS, 2, 3, 0.5)), 20));
      const pending = await backend.search({ tokens: analyze('send an email'), vector: later, size: 5, filter });
      expect({ bm25: pending.bm25, vector: pending.vector }).toEqual({ bm25: ready.bm25, vector: ready.vector });
      expect(pending.vector.length).toBeGreaterThan(0);
      await expect(backend.search({ tokens: analyze('send an email'), vector: Promise.reject(new Error('embedding failed: no model')), size: 5 })).rejects.toThrow('no model');
    });

    it('hands over the BM25 list while the query vector is still being computed, and only then (restricted to servers too)', async () => {
      for (const filter of [undefined, { servers: ['weather', 'mail'] }]) {
        let release!: () => void;
        const later = new Promise<Float32Array>((resolve) => (release = () => resolve(axis(DIMS, 2, 3, 0.5))));
        const seen: { ids: string[]; vectorDone: boolean }[] = [];
        let vectorDone = false;
        const searching = backend.search({
          tokens: analyze('weather forecast'),
          vector: later.then((v) => ((vectorDone = true), v)),
          size: 5,
          filter,
          onBm25: (hits) => {
            seen.push({ ids: hits.map((h) => h.id), vectorDone });
            release();
          },
        });
        const result = await searching;
        expect(seen).toEqual([{ ids: result.bm25.map((h) => h.id), vectorDone: false }]);
        expect(result.bm25[0].id).toBe('weather/get_forecast');
        // With the vector at hand both lists come at once: nothing to do early, no call.
        let calls = 0;
        await backend.search({ tokens: analyze('weather forecast'), vector: axis(DIMS, 2, 3, 0.5), size: 5, filter, onBm25: () => calls++ });
        expect(calls).toBe(0);
      }
    });

    it('applies server, servers, category and owner filters to both lists', async () => {
      const all = axis(DIMS, 0, 1, 1);
      const byServer = await search('weather email notes', all, { server: 'mail' });
      expect([...byServer.bm25, ...byServer.vector].every((h) => h.id === 'mail/send_email')).toBe(true);
      const byServers = await search('weather email', all, { servers: ['weather', 'finance'] });
      expect(new Set(byServers.vector.map((h) => h.id))).toEqual(new Set(['weather/get_forecast', 'weather/get_alerts', 'finance/convert_currency']));
      const byCategory = await search('weather', all, { category: 'finance' });
      expect(byCategory.bm25).toEqual([]);
      expect(byCategory.vector.map((h) => h.id)).toEqual(['finance/convert_currency']);
      const publicOnly = await search('search notes', axis(DIMS, 4), { ownerUserIds: [null] });
      expect(publicOnly.vector.map((h) => h.id)).not.toContain('private/notes_search');
      const mine = await search('search notes', axis(DIMS, 4), { ownerUserIds: [null, 'user-1'] });
      expect(mine.vector[0].id).toBe('private/notes_search');
      expect(mine.bm25[0].id).toBe('private/notes_search');
    });

    it('scores a search restricted to servers as the whole index does: the same lists as one server filter each', async () => {
      const all = axis(DIMS, 0, 2, 0.5);
      for (const server of ['weather', 'mail', 'finance']) {
        const one = await search('weather alerts email currency rate', all, { server });
        const few = await search('weather alerts email currency rate', all, { servers: [server] });
        expect(few.bm25.map((h) => h.id)).toEqual(one.bm25.map((h) => h.id));
        expect(few.vector.map((h) => h.id)).toEqual(one.vector.map((h) => h.id));
        few.bm25.forEach((h, i) => expect(h.score).toBeCloseTo(one.bm25[i].score, 5));
        few.vector.forEach((h, i) => expect(h.score).toBeCloseTo(one.vector[i].score, 5));
      }
      const two = await search('weather alerts email', all, { servers: ['weather', 'mail'], ownerUserIds: [null] });
      expect(two.vector.map((h) => h.id)).toEqual(['weather/get_forecast', 'mail/send_email', 'weather/get_alerts']);
      expect(two.bm25[0].id).toBe('weather/get_alerts');
    });

    it('returns stored documents by id, skipping unknown ids', async () => {
      const docs = await backend.documents(['mail/send_email', 'nope']);
      expect([...docs.keys()]).toEqual(['mail/send_email']);
      expect(docs.get('mail/send_email')).toEqual(TOOLS[2]);
      expect(await backend.has(['mail/send_email', 'nope', 'weather/get_forecast'])).toEqual(new Set(['mail/send_email', 'weather/get_forecast']));
    });

    it('upserts by id (replaces, never duplicates) and removes', async () => {
      const changed = { ...TOOLS[3], description: 'Exchange rates of cryptocurrencies' };
      await backend.upsert([{ doc: changed, vector: axis(DIMS, 3) }]);
      expect(await backend.count()).toBe(TOOLS.length);
      expect((await search('cryptocurrencies', null)).bm25.map((h) => h.id)).toEqual(['finance/convert_currency']);
      await backend.remove(['finance/convert_currency', 'never-existed']);
      expect(await backend.count()).toBe(TOOLS.length - 1);
      expect((await search('cryptocurrencies', axis(DIMS, 3))).bm25).toEqual([]);
      const byServer = await search('cryptocurrencies exchange', axis(DIMS, 3), { servers: ['finance', 'mail'] });
      expect([...byServer.bm25, ...byServer.vector].map((h) => h.id)).not.toContain('finance/convert_currency');
      expect((await backend.documents(['finance/convert_currency'])).size).toBe(0);
      expect((await backend.has(['finance/convert_currency'])).size).toBe(0);
    });

    it('rebuilds: the new set replaces the old one entirely', async () => {
      await backend.rebuild(indexed().slice(0, 2));
      expect(await backend.count()).toBe(2);
      expect((await search('email', axis(DIMS, 2))).bm25).toEqual([]);
      expect((await search('email', axis(DIMS, 2), { servers: ['mail'] })).vector).toEqual([]);
      await backend.rebuild(indexed());
      expect((await search('email', axis(DIMS, 2), { servers: ['mail'] })).vector.map((h) => h.id)).toEqual(['mail/send_email']);
      expect(await backend.count()).toBe(TOOLS.length);
    });
  });
}
