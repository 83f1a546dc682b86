// What an installer hands back: how to start the server here, and how a user would
// start the same pinned version (the catalog's launch block).
export interface Installed {
  command: string;
  args: string[];
  launch: { command: 'npx' | 'uvx'; args: string[] };
  version: string;
  description?: string;
  homepage?: string;
  /** The package's own README / long description, for the documentation fallback. */
  readme?: string;
  /** Folder holding the package's published files (schema or manifest files). */
  packageDir?: string;
  platforms?: Array<'linux' | 'macos' | 'windows'>;
}

/** The catalog shows `${WORKDIR}` where the harvest substituted its sandbox folder. */
export function catalogArgs(args: string[] = []): string[] {
  return args.map((arg) => arg.replaceAll('{dir}', '${WORKDIR}'));
}

export function localArgs(args: string[] = [], workDir: string): string[] {
  return args.map((arg) => arg.replaceAll('{dir}', workDir));
}
