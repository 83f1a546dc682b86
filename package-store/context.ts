import type { Logger } from 'pino';

/** What one install step gets from the store: where, until when, and whom to tell. */
export interface InstallContext {
  /** The store's root (caches, tools, home of the package managers). */
  root: string;
  /** Registry base URLs: npm's API root, and PyPI's (JSON API at /pypi, the index at /simple). */
  npmRegistry: string;
  pypiIndex: string;
  deadline: number;
  signal?: AbortSignal;
  allowScripts: boolean;
  progress: (message: string) => void;
  logger: Logger;
}

/** The last lines of a package manager's output: enough to say why, never the whole log. */
export function tail(output: string, chars = 1200): string {
  const text = output.trim();
  return text.length > chars ? `…${text.slice(-chars)}` : text;
}
