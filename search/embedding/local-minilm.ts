/**
 * The first local provider's name, kept for its callers: it runs whatever model the folder's
 * manifest describes (search/embedding/local-model.ts), MiniLM or another.
 */
export { createLocalModel as createLocalMiniLm } from './local-model.ts';
export type { LocalModelOptions } from './local-model.ts';
