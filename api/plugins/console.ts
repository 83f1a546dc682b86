import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PAGE_POLICY } from './page-policy.ts';

/** Where scripts/console-build.mjs leaves the Vite build of console/. */
const DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

const built = () => access(`${DIST}index.html`).then(() => true, () => false);

/**
 * The web console at /console (console/README.md): hashed assets cached for good, and every
 * other path the single page's index.html, whose router shows the page. No OpenAPI entry: it is
 * a page, not part of the REST interface.
 */
export const consolePlugin: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, { root: DIST, serve: false });

  const page = async (reply: FastifyReply) => {
    if (!(await built())) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built. Run `npm run console:build` (npm start and npm run api build it themselves).\n');
    }
    return reply.header('cache-control', 'no-cache').header('content-security-policy', PAGE_POLICY).sendFile('index.html', { cacheControl: false });
  };
  const route = { schema: { hide: true }, config: { auth: 'none' as const } };

  app.get('/console', route, async (_request, reply) => reply.redirect('/console/'));
  app.get<{ Params: { '*': string } }>('/console/*', route, async (request, reply) => {
    const path = request.params['*'];
    if (path.startsWith('assets/')) {
      // Vite names them by content hash, so a name never changes meaning.
      return reply.sendFile(path, { maxAge: '365d', immutable: true });
    }
    return page(reply);
  });
};
