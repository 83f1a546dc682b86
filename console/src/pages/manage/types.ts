// The shapes of the REST answers these pages read (the service's OpenAPI document is the source).

export interface UserServer {
  name: string;
  display_name: string;
  description: string;
  url: string;
  enabled: boolean;
  installed: boolean;
  tools_count: number;
  icon: string;
  category: string;
}
export interface UserServerList {
  servers: UserServer[];
  total: number;
  enabled_count: number;
}

export interface RegistryDetail {
  name: string;
  display_name: string;
  description: string;
  version: string;
  url: string;
  category: string;
  tags: string[];
  tools_count: number;
  tools: { name: string; description: string }[];
  authentication: { type: string; required: boolean; env_var?: string; env_vars?: string[]; setup_url?: string };
  rate_limit: { requests_per_hour: number } | null;
  supported_platforms: string[];
}

export interface Verification {
  server_name: string;
  status: 'unverified' | 'pending' | 'verified' | 'rejected';
  featured?: boolean;
  verified_at?: number | null;
}

export interface Review {
  id: string;
  rating: number;
  title?: string | null;
  text?: string | null;
  created_at: number;
}
export interface ReviewList {
  reviews: Review[];
  average_rating: number | null;
  total: number;
  rating_distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
}

export interface PackSummary {
  id: string;
  name: string;
  description: string;
  kind: 'curated' | 'custom';
  servers: string[];
  servers_count: number;
  total_tools: number;
  enabled?: boolean;
  created_at: number;
  updated_at: number;
}
export interface PackList {
  packs: PackSummary[];
  total: number;
}

export interface CustomPackList {
  packs: { id: string; name: string; description: string; servers_count: number; total_tools: number; enabled: boolean; created_at: number; updated_at: number }[];
  pagination: { limit: number; offset: number; total: number };
}

export interface PackServerDetail {
  id: string;
  name: string;
  display_name: string;
  tools_count: number;
  description: string;
  tools: { name: string; description: string }[];
}
export interface CustomPackDetail {
  id: string;
  name: string;
  description: string;
  servers: PackServerDetail[];
  total_servers: number;
  total_tools: number;
  enabled: boolean;
  created_at: number;
  updated_at: number;
}
export interface CuratedPackServers {
  pack_id: string;
  servers: { name: string; display_name: string; description: string; category: string; tools_count: number; tools: { name: string; description: string }[] }[];
  total: number;
}

export interface Snippet {
  file?: string;
  config?: Record<string, unknown>;
  command?: string;
}
export interface PackInstall {
  pack_id: string;
  command: string;
  install_steps: string[];
  mcp_url: string;
  server_name: string;
  clients: { claude_code: Snippet; cursor: Snippet; vscode: Snippet; claude_desktop: Snippet };
}

export interface UserLimits {
  plan: 'free' | 'pro' | 'enterprise';
  max_packs: number | null;
  max_servers_per_pack: number | null;
  custom_servers: boolean;
  max_open_streams: number;
  usage: { packs: number; custom_servers: number };
}
export interface Plan {
  id: 'free' | 'pro' | 'enterprise';
  name: string;
  price: number;
  currency: string;
  interval: 'month';
  limits: { max_packs: number | null; max_servers_per_pack: number | null; custom_servers: boolean; max_open_streams: number };
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string;
  status: string;
  created_at: number;
  last_used: number | null;
  failed_attempts: number;
  secret?: string;
}
export interface DeliveryAttempt {
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}
export interface Delivery {
  id: string;
  event_id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed' | 'retrying';
  created_at: number;
  next_attempt_at: number | null;
  attempts: DeliveryAttempt[];
}
export interface DeliveryPage {
  deliveries: Delivery[];
  pagination: { limit: number; offset: number; total: number };
}

export interface ApiKeyRecord {
  id: string;
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked: boolean;
  revoked_at: number | null;
}

export interface EmbeddingSettings {
  provider: string;
  vendor_model: string;
  status: 'ready' | 'reembedding' | 'failed';
  reembedded_tools: number;
  reembedded_at: string | null;
  last_error: string | null;
  index_model: string;
  /** The vector space searches use now: the previous one until a re-embed completes. */
  active_space: { provider: string; vendor_model: string; space: string };
  progress: { done: number; total: number };
  usage: { documents: { texts: number; tokens: number }; queries: { texts: number; tokens: number } };
  /** Providers this deployment offers, with their models. */
  allowed: Record<string, string[]>;
}
