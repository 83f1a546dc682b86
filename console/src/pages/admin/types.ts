/** The answers of the admin routes the console reads (their zod schemas live in api/routes). */

export interface Pagination {
  limit: number;
  offset: number;
  total: number;
}

export type FlagStatus = 'open' | 'resolved' | 'dismissed';

export interface Flag {
  id: string;
  server_name: string;
  reason: string;
  details: string;
  status: FlagStatus;
  resolution: string | null;
  created_at: number;
  updated_at: number;
  resolved_at: number | null;
  /** Only on the admin's list (GET /mcp-moderation/flags); the public per-server list hides reporters. */
  reported_by?: string;
  resolved_by?: string | null;
}

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export interface Verification {
  server_name: string;
  status: VerificationStatus;
  featured: boolean;
  notes: string;
  verified_at: number | null;
  updated_at: number | null;
}

export interface FeaturedServer {
  name: string;
  display_name: string;
  description: string;
  category: string;
  verification_status: VerificationStatus;
  verified_at: number | null;
  average_rating: number | null;
  review_count: number;
}

export interface ModerationDashboard {
  servers_total: number;
  flags: { open: number; resolved: number; dismissed: number; total: number };
  reviews: { total: number; average_rating: number | null };
  verification: Record<VerificationStatus, number>;
  featured: number;
  most_flagged: { server_name: string; open_flags: number }[];
  generated_at: string;
}

export interface Review {
  id: string;
  server_name: string;
  rating: number;
  title: string;
  text: string;
  created_at: number;
  updated_at: number;
}

export interface ReviewList {
  server_name: string;
  reviews: Review[];
  average_rating: number | null;
  total: number;
  rating_distribution: Partial<Record<'1' | '2' | '3' | '4' | '5', number>>;
  pagination: Pagination;
}

export interface Period {
  days: number;
  from: string;
  to: string;
}

export interface SearchTrends {
  period: Period;
  total_searches: number;
  unique_queries: number;
  unique_searchers: number;
  top_queries: { query: string; count: number; last_searched_at: string | null; avg_results: number | null }[];
  zero_result_queries: { query: string; count: number }[];
  daily: { date: string; searches: number }[];
  by_origin: { retrieval: number; query_log: number; tracked: number };
}

export interface AnalyticsDashboard {
  period: Period;
  users: { total: number; by_plan: { free: number; pro: number; enterprise: number }; new_in_period: number };
  servers: { registry: number; custom: number; by_category: Record<string, number> };
  searches: { retrievals: number; logged_queries: number; unique_searchers: number };
  executions: { total: number; success_rate: number | null; by_service: number; reported_by_clients: number };
  top_servers: { server: string; executions: number }[];
  top_tools: { tool: string; executions: number }[];
}

export interface ToolInsight {
  tool: string;
  server: string | null;
  calls: number;
  successes: number;
  failures: number;
  success_rate: number | null;
  avg_duration_ms: number | null;
  p50_duration_ms: number | null;
  p95_duration_ms: number | null;
  last_used_at: string | null;
  top_errors: { code: string; count: number }[];
}

export interface ToolInsights {
  scope: 'user' | 'global';
  period: Period;
  tools: ToolInsight[];
  totals: { calls: number; success_rate: number | null };
}

export interface ServerAnalytics {
  server_name: string;
  period: Period;
  events: { total: number; by_type: Record<string, number> };
  executions: { total: number; successes: number; success_rate: number | null; avg_duration_ms: number | null };
  search_appearances: number;
  tool_selections: number;
  enabled_by_users: number;
  unique_users: number;
  top_tools: { tool: string; executions: number }[];
  daily: { date: string; events: number; executions: number }[];
}

export type Role = 'admin' | 'user';

export interface UserRecord {
  id: string;
  email: string;
  role: Role;
  plan: 'free' | 'pro' | 'enterprise';
  created_at: number;
  updated_at: number;
}

export interface UserPage {
  users: UserRecord[];
  pagination: Pagination;
}
