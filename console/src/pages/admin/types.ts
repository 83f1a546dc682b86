import type { Flattened, ResponseOf } from '../../api/contract.ts';

// The answers of the admin routes the console reads, as the service's OpenAPI document declares
// them (console/src/api/contract.ts): a changed route schema is a compile error here.

export type Pagination = ResponseOf<'/admin/users'>['pagination'];

/** Only the admin's list (GET /mcp-moderation/flags) names reporters; the per-server list hides them. */
export type Flag = Flattened<ResponseOf<'/mcp-moderation/flags'>['flags'][number] | ResponseOf<'/mcp-moderation/servers/{server_name}/flags'>['flags'][number]>;
export type FlagStatus = Flag['status'];

export type Verification = ResponseOf<'/mcp-moderation/servers/{server_name}/verification'>;
export type VerificationStatus = Verification['status'];

export type FeaturedServer = ResponseOf<'/mcp-moderation/servers/featured'>['servers'][number];
export type ModerationDashboard = ResponseOf<'/mcp-moderation/moderation/dashboard'>;

export type SearchTrends = ResponseOf<'/mcp-analytics/analytics/search-trends'>;
export type AnalyticsDashboard = ResponseOf<'/mcp-analytics/analytics/dashboard'>;
export type ToolInsights = ResponseOf<'/observability/tool-insights'>;
export type ToolInsight = ToolInsights['tools'][number];
export type ServerAnalytics = ResponseOf<'/mcp-analytics/servers/{server_name}/analytics'>;

export type UserPage = ResponseOf<'/admin/users'>;
export type UserRecord = UserPage['users'][number];
/** The roles, from the service's enum. */
export type Role = UserRecord['role'];
/** Each role once, in the order the role picker offers them: a role the service adds or drops fails to compile here. */
export const ROLES = Object.keys({ user: true, admin: true } satisfies Record<Role, true>) as Role[];
