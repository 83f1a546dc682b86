import { api } from '../../api/client.ts';

/**
 * GET /observability/tool-insights answers the caller's own calls when it has credentials and
 * every user's runs of registry servers without: the admin pages want the latter, so this
 * one request goes without the session token (an empty token sends no Authorization header).
 */
export const globalInsights = (query: { days: number; server?: string; limit?: number }) =>
  api.get('/observability/tool-insights', { query: { days: query.days, server: query.server, limit: query.limit ?? 20 }, token: '' });

export const INSIGHTS_SCOPE = 'Every user’s runs of registry servers by the service (client-reported calls and custom servers stay private to their users).';
