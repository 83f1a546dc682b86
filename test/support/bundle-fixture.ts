import { fileURLToPath } from 'node:url';

/**
 * A TypeScript MCP server fixture bundled into one ESM file, so a sandbox can run it from a
 * read-only folder without the repository's node_modules. esbuild is loaded here only: the
 * sandbox's non-root run bundles its launcher into a file that must not need esbuild.
 */
export async function bundleFixtureServer(source: URL, outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(source)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Bundled CommonJS dependencies call require(); ESM output has none of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
}
