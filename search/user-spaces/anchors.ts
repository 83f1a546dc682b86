/**
 * Reference texts embedded in every vector space (docs/decisions.md, "A vector space per
 * user's provider"): tool descriptions from unrelated domains. A query's mean cosine to them is
 * what an unrelated tool scores in that space, its noise floor; aligning the floors of two
 * spaces makes their scores comparable. Changing this list changes every calibration: the
 * re-embed stores them like tool texts, and a missing one is embedded again.
 */
export const ANCHOR_TEXTS: readonly string[] = [
  'Get the weather forecast for a city',
  'Create an issue in a source code repository',
  'Send a chat message to a channel',
  'Run a SQL query against a database',
  'Read the contents of a file from disk',
  'Convert an amount between currencies',
  'Search the web for pages about a topic',
  'Translate text into another language',
  'Schedule a meeting in a calendar',
  'Resize and crop an image',
  'List the containers running on a host',
  'Look up the definition of a word',
  'Create an invoice for a customer',
  'Get the latest stock price of a company',
  'Summarize a long document',
  'Find directions between two addresses',
];
