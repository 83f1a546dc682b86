/**
 * The Content-Security-Policy of the pages we serve on the API's origin: the console (/console)
 * and the API reference (/docs). Both share the origin where a session's API key and the
 * console's storage live, so a page there that ran a foreign or injected script could act as
 * whoever has it open. Scripts, connections and frames only from our own origin; no inline
 * script (swagger-ui's initializer is a file of its own, /docs/static/swagger-initializer.js);
 * inline styles are allowed because both pages' components set style attributes.
 */
export const PAGE_POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'";
