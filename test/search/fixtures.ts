import type { IndexedTool, ToolDocument } from '../../search/types.ts';

/** Unit vector along one axis (plus a little of a second), so vector rankings are known. */
export function axis(dims: number, i: number, j = -1, mix = 0): Float32Array {
  const v = new Float32Array(dims);
  v[i] = 1;
  if (j >= 0) v[j] = mix;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

export const DIMS = 8;

/** A small catalog with known text and known vectors. */
export const TOOLS: ToolDocument[] = [
  { id: 'weather/get_forecast', server: 'weather', name: 'get_forecast', description: 'Weather forecast for a city for the next days', category: 'weather', tags: ['forecast'], inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name' } } } },
  { id: 'weather/get_alerts', server: 'weather', name: 'getAlerts', description: 'Severe weather alerts for a US state', category: 'weather', inputSchema: { type: 'object', properties: { state: { type: 'string' } } } },
  { id: 'mail/send_email', server: 'mail', name: 'send-email', description: 'Send an email message to a recipient', category: 'communication', inputSchema: { type: 'object', properties: { to: { type: 'string', description: 'Recipient address' } } } },
  { id: 'finance/convert_currency', server: 'finance', name: 'convert_currency', description: 'Convert an amount between currencies at the current exchange rate', category: 'finance' },
  { id: 'private/notes_search', server: 'notes', name: 'search_notes', description: 'Search personal notes', category: 'productivity', ownerUserId: 'user-1' },
];

/** The fixtures with vectors: tool i points along axis i. */
export function indexed(): IndexedTool[] {
  return TOOLS.map((doc, i) => ({ doc, vector: axis(DIMS, i) }));
}
