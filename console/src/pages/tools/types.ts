// The shapes of the REST answers these pages read (../shared/spec/service-spec.md; the service's
// response schemas in api/routes are the authority: the console reaches them over HTTP only).

export type JsonSchema = Record<string, unknown>;

/** One ranked tool of GET /v2/retrieve_tools. */
export interface RankedTool {
  name: string;
  server: string;
  score: number;
  semantic_score: number;
  capability_score: number;
  success_rate: number;
  description: string;
  category: string | null;
  tags: string[];
  input_schema: JsonSchema;
  /** Whether it can run for this user; its score already includes it (docs/retrieval.md "Availability"). */
  availability?: { status: 'ok' | 'degraded' | 'unavailable'; reasons: { code: string; message: string }[] };
}

export interface Retrieval {
  tools: RankedTool[];
  selected_capability: string;
  capability_confidence: number;
  query_rewritten: string;
  recommended_mcps: string[];
  query_id: string;
  query_time_ms: number;
  total_tools_searched: number;
}

/** GET /mcp_servers: the caller's view of the registry, for the server and category filters. */
export interface UserServer {
  name: string;
  display_name: string;
  enabled: boolean;
  tools_count: number;
  category: string;
}

export interface ToolExample {
  name?: string;
  input?: Record<string, unknown>;
  output?: unknown;
}

/** GET /v1/tools/{tool_name}: data of the envelope. */
export interface ToolDetail {
  name: string;
  server: string;
  description: string;
  category: string | null;
  tags: string[];
  inputSchema: JsonSchema;
  outputSchema: JsonSchema | null;
  examples: ToolExample[];
  authentication_required: string | null;
  rate_limit: { requests_per_hour: number } | null;
}

export interface Envelope<T> {
  success: boolean;
  data: T;
}

/** POST /v1/execute_tool: data of the envelope. */
export interface Executed {
  tool_name: string;
  execution_id: string;
  status: 'success';
  result: Record<string, unknown>;
  execution_time_ms: number;
  tokens_used: { input: number; output: number };
}

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceled', 'timeout'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const isFinal = (status: JobStatus) => status !== 'queued' && status !== 'running';

/** GET /jobs/{job_id} and each `job` event of its stream: the fields that apply to its status. */
export interface Job {
  job_id: string;
  status: JobStatus;
  tool: string;
  server: string;
  created_at: number;
  estimated_duration_ms: number;
  time_limit_ms: number;
  position_in_queue?: number;
  started_at?: number;
  progress?: { current_step: string; total_steps: number; percentage: number };
  completed_at?: number;
  result?: Record<string, unknown>;
  execution_time_ms?: number;
  error?: { code: string; message: string; details?: Record<string, unknown> };
  canceled_at?: number;
  reason?: string | null;
}

export interface JobSummary {
  job_id: string;
  tool: string;
  status: JobStatus;
  created_at: number;
  completed_at?: number;
}

export interface JobList {
  jobs: JobSummary[];
  pagination: { limit: number; offset: number; total: number };
}

/** Where a tool's page lives: server and name as two path segments, each encoded (a name may hold a slash). */
export const toolPath = (server: string, name: string) => `/tools/${encodeURIComponent(server)}/${encodeURIComponent(name)}`;

/** The tool reference the execution routes take: `server/name` (docs/registry.md). */
export const toolRef = (server: string, name: string) => `${server}/${name}`;

export const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;


export const STATUS_TONE: Record<JobStatus, string> = {
  queued: '',
  running: 'warn',
  completed: 'ok',
  failed: 'bad',
  canceled: '',
  timeout: 'bad',
};
