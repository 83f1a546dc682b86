import type { Flattened, ResponseOf } from '../../api/contract.ts';

// The REST answers these pages read, as the service's OpenAPI document declares them
// (console/src/api/contract.ts): a changed route schema is a compile error here.

export type JsonSchema = Record<string, unknown>;

/** GET /v2/retrieve_tools, and one ranked tool of it. */
export type Retrieval = ResponseOf<'/v2/retrieve_tools'>;
export type RankedTool = Retrieval['tools'][number];

/** GET /mcp_servers: the caller's view of the registry, for the server and category filters. */
export type UserServer = ResponseOf<'/mcp_servers'>['servers'][number];

/** GET /v1/tools/{tool_name}: data of the envelope. */
export type ToolDetail = ResponseOf<'/v1/tools/{tool_name}'>['data'];

/** POST /v1/execute_tool: data of the envelope. */
export type Executed = ResponseOf<'/v1/execute_tool', 'post'>['data'];

/** GET /jobs/{job_id} and each `job` event of its stream: the fields that apply to its status. */
export type Job = Flattened<ResponseOf<'/jobs/{job_id}'>>;
export type JobList = ResponseOf<'/jobs'>;
export type JobSummary = JobList['jobs'][number];
/** Every status a job can have: the list's enum (a job's own shape is one per status). */
export type JobStatus = JobSummary['status'];

/** Each status once, in the order the filter shows them: a status the service adds or drops fails to compile here. */
const STATUS_ORDER: { [S in JobStatus]: number } = { queued: 0, running: 1, completed: 2, failed: 3, canceled: 4, timeout: 5 };
export const JOB_STATUSES = (Object.keys(STATUS_ORDER) as JobStatus[]).sort((a, b) => STATUS_ORDER[a] - STATUS_ORDER[b]);
export const isFinal = (status: JobStatus) => status !== 'queued' && status !== 'running';

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
