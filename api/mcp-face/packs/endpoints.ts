/** The paths of the flat-tool endpoints (docs/decisions.md, "Packs as MCP endpoints"). */
export const PACK_ENDPOINT = '/mcp/packs/:pack_id';
/** The tools of every server the caller has enabled. */
export const ENABLED_ENDPOINT = '/mcp/servers';
export const packEndpointPath = (packId: string) => `/mcp/packs/${encodeURIComponent(packId)}`;
