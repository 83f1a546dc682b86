/**
 * Generated from the service's /openapi.json by scripts/openapi-types.ts (npm run openapi:types).
 * Do not edit: test/contract/openapi-types.test.ts fails when this differs from the service.
 */
export interface paths {
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issuer: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_servers: string[];
                            bearer_methods_supported: string[];
                            resource: string;
                            resource_documentation: string;
                            resource_name: string;
                            scopes_supported?: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_servers: string[];
                            bearer_methods_supported: string[];
                            resource: string;
                            resource_documentation: string;
                            resource_name: string;
                            scopes_supported?: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp/packs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_servers: string[];
                            bearer_methods_supported: string[];
                            resource: string;
                            resource_documentation: string;
                            resource_name: string;
                            scopes_supported?: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issuer: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/connected-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: number;
                            clients: {
                                client_id: string;
                                client_name: string | null;
                                created_at: number;
                                /** Format: uuid */
                                id: string;
                                /** @description Last request with one of its access tokens, to the minute */
                                last_used_at: number | null;
                                resource: string;
                                revoked_at: number | null;
                                revoked_reason: string | null;
                                scopes: string[];
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/connected-clients/{grant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    grant_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                            client_name: string | null;
                            created_at: number;
                            /** Format: uuid */
                            id: string;
                            /** @description Last request with one of its access tokens, to the minute */
                            last_used_at: number | null;
                            resource: string;
                            revoked_at: number | null;
                            revoked_reason: string | null;
                            scopes: string[];
                            /** @enum {string} */
                            status: "revoked";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            plan: "free" | "pro" | "enterprise";
                            scopes: {
                                limit: number;
                                remaining: number;
                                /** @description When the window ends (Unix seconds) */
                                reset_at: number;
                                /** @enum {string} */
                                scope: "execution" | "server_management" | "retrieval" | "public_write" | "public_read" | "indexing";
                                /** @description Requests counted in the current window, refused ones included */
                                used: number;
                                /** @enum {string} */
                                window: "minute" | "day";
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description e.g. credential.set, tool_hold.approve, api_key.create */
                    action?: string;
                    actor_id?: string;
                    actor_kind?: "user" | "admin" | "system";
                    /** @description next_cursor of the page before */
                    cursor?: number;
                    limit?: number;
                    since?: string;
                    target?: string;
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entries: {
                                action: string;
                                actor: {
                                    id: string | null;
                                    /** @enum {string} */
                                    kind: "user" | "admin" | "system";
                                };
                                at: string;
                                details: {
                                    [key: string]: unknown;
                                };
                                id: number;
                                request_id: string | null;
                                target: string;
                            }[];
                            next_cursor: number | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit.jsonl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description e.g. credential.set, tool_hold.approve, api_key.create */
                    action?: string;
                    actor_id?: string;
                    actor_kind?: "user" | "admin" | "system";
                    /** @description next_cursor of the page before */
                    cursor?: number;
                    since?: string;
                    target?: string;
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The audit log as JSON lines (application/x-ndjson), newest first, at most 50,000 rows per export. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{prefix}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    prefix: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            prefix: string;
                            /** @enum {string} */
                            status: "revoked";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/mcp_registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        authentication?: {
                            env_var?: string;
                            env_vars?: string[];
                            headers?: string[];
                            required: boolean;
                            /** Format: uri */
                            setup_url?: string;
                            /** @enum {string} */
                            type: "none" | "token" | "credentials" | "oauth";
                        };
                        /** @enum {string} */
                        category: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                        description: string;
                        display_name: string;
                        icon: string;
                        launch?: {
                            /** @default [] */
                            args?: string[];
                            command: string;
                            cwd?: string;
                            env?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "stdio";
                        } | {
                            headers?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "streamable-http";
                            /** Format: uri */
                            url: string;
                        } | {
                            headers?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "sse";
                            /** Format: uri */
                            url: string;
                        } | {
                            headers?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "http";
                            /** Format: uri */
                            url: string;
                        };
                        name: string;
                        rate_limit?: {
                            requests_per_hour: number;
                        };
                        /**
                         * @default [
                         *       "linux",
                         *       "macos",
                         *       "windows"
                         *     ]
                         */
                        supported_platforms?: ("linux" | "macos" | "windows")[];
                        /** @default [] */
                        tags?: string[];
                        /** @default 0 */
                        tools_count?: number;
                        /** Format: uri */
                        url: string;
                        /** @default 1.0.0 */
                        version?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authentication: {
                                env_var?: string;
                                env_vars?: string[];
                                /** @description An HTTP server's credential headers */
                                headers?: string[];
                                required: boolean;
                                setup_url?: string;
                                type: string;
                            };
                            category: string;
                            description: string;
                            display_name: string;
                            icon: string;
                            name: string;
                            rate_limit: {
                                requests_per_hour: number;
                            } | null;
                            supported_platforms: string[];
                            tags: string[];
                            tools: {
                                description: string;
                                name: string;
                            }[];
                            tools_count: number;
                            tools_source: string;
                            url: string;
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/mcp_registry/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            name: string;
                            /** @enum {string} */
                            status: "deleted";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        authentication?: {
                            env_var?: string;
                            env_vars?: string[];
                            headers?: string[];
                            required: boolean;
                            /** Format: uri */
                            setup_url?: string;
                            /** @enum {string} */
                            type: "none" | "token" | "credentials" | "oauth";
                        };
                        /** @enum {string} */
                        category?: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                        description?: string;
                        display_name?: string;
                        icon?: string;
                        launch?: {
                            /** @default [] */
                            args?: string[];
                            command: string;
                            cwd?: string;
                            env?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "stdio";
                        } | {
                            headers?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "streamable-http";
                            /** Format: uri */
                            url: string;
                        } | {
                            headers?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "sse";
                            /** Format: uri */
                            url: string;
                        } | {
                            headers?: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            type: "http";
                            /** Format: uri */
                            url: string;
                        };
                        rate_limit?: {
                            requests_per_hour: number;
                        };
                        supported_platforms?: ("linux" | "macos" | "windows")[];
                        tags?: string[];
                        tools_count?: number;
                        /** Format: uri */
                        url?: string;
                        version?: string;
                    } | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authentication: {
                                env_var?: string;
                                env_vars?: string[];
                                /** @description An HTTP server's credential headers */
                                headers?: string[];
                                required: boolean;
                                setup_url?: string;
                                type: string;
                            };
                            category: string;
                            description: string;
                            display_name: string;
                            icon: string;
                            name: string;
                            rate_limit: {
                                requests_per_hour: number;
                            } | null;
                            supported_platforms: string[];
                            tags: string[];
                            tools: {
                                description: string;
                                name: string;
                            }[];
                            tools_count: number;
                            tools_source: string;
                            url: string;
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/mcp_registry/{name}/oauth_client": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A registry entry name */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                            has_secret: boolean;
                            server: string;
                            token_endpoint_auth_method: ("client_secret_basic" | "client_secret_post" | "none") | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A registry entry name */
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_id: string;
                        /** @description Sealed and never answered */
                        client_secret?: string;
                        /**
                         * @description Default: what the authorization server's metadata prefers
                         * @enum {string}
                         */
                        token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                            has_secret: boolean;
                            server: string;
                            token_endpoint_auth_method: ("client_secret_basic" | "client_secret_post" | "none") | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A registry entry name */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Forgotten */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/mcp_registry/{name}/version_pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            name: string;
                            /** @description The version the sync keeps; null: the source's latest */
                            pinned_version: string | null;
                            /** @description The version the registry holds now */
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        version: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            name: string;
                            /** @description The version the sync keeps; null: the source's latest */
                            pinned_version: string | null;
                            /** @description The version the registry holds now */
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            name: string;
                            /** @description The version the sync keeps; null: the source's latest */
                            pinned_version: string | null;
                            /** @description The version the registry holds now */
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/mcp_registry/sync-to-database": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uri */
                        upstream_url?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            catalog_count: number;
                            reindex_workflow_id: string | null;
                            servers_refreshed: {
                                error?: string;
                                name: string;
                                ok: boolean;
                                tool_count: number;
                            }[];
                            /** @enum {string} */
                            status: "completed" | "partial";
                            synced_count: number;
                            timestamp: string;
                            tools_changed: number;
                            upstream_count: number;
                            upstream_skipped: number;
                            upstream_skipped_reasons: {
                                name: string;
                                reason: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            users: {
                                created_at: number;
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                plan: "free" | "pro" | "enterprise";
                                /** @enum {string} */
                                role: "admin" | "user";
                                updated_at: number;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /**
                         * @default free
                         * @enum {string}
                         */
                        plan?: "free" | "pro" | "enterprise";
                        /**
                         * @default user
                         * @enum {string}
                         */
                        role?: "admin" | "user";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_key: string;
                            user: {
                                created_at: number;
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                plan: "free" | "pro" | "enterprise";
                                /** @enum {string} */
                                role: "admin" | "user";
                                updated_at: number;
                            };
                            /** Format: uuid */
                            user_id: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "enterprise";
                            /** @enum {string} */
                            role: "admin" | "user";
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "deleted";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{user_id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_key: string;
                            prefix: string;
                            /** Format: uuid */
                            user_id: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{user_id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "admin" | "user";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "enterprise";
                            /** @enum {string} */
                            role: "admin" | "user";
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/agent/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 10 */
                        max_steps?: number;
                        /** @default 50000 */
                        max_tokens?: number;
                        /**
                         * @default plan
                         * @enum {string}
                         */
                        mode?: "plan" | "execute";
                        /** @description The task, in plain words */
                        query: string;
                        time_limit_ms?: number;
                        /**
                         * @description How long to wait for the run to end before answering it as running
                         * @default 10000
                         */
                        wait_ms?: number;
                    };
                };
            };
            responses: {
                /** @description The plan (mode "plan"), or the run that ended within wait_ms (mode "execute") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            executed: false;
                            message: string;
                            /** @enum {string} */
                            mode: "plan";
                            plan: {
                                steps: {
                                    /** @enum {string} */
                                    action: "enable_server" | "configure_credentials" | "call_tool";
                                    description: string;
                                    input_schema?: {
                                        [key: string]: unknown;
                                    };
                                    request?: {
                                        body: {
                                            [key: string]: unknown;
                                        };
                                        /** @enum {string} */
                                        method: "POST";
                                        path: string;
                                    };
                                    server: string;
                                    step: number;
                                    tool?: string;
                                }[];
                                truncated: boolean;
                            };
                            query: string;
                            recommendation: {
                                servers: string[];
                                tools: string[];
                            };
                            /** @enum {string} */
                            status: "planned" | "no_match";
                        } | {
                            answer: string | null;
                            created_at: number;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            finished_at: number | null;
                            max_steps: number;
                            max_tokens: number;
                            model: string;
                            query: string;
                            run_id: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "canceled";
                            steps_used: number;
                            stop_reason: ("answered" | "step_limit" | "token_limit" | "time_limit" | "canceled" | "model_error" | "internal" | "approval_denied" | "approval_expired") | null;
                            tokens: {
                                input: number;
                                output: number;
                                total: number;
                            };
                            tools_offered: {
                                function: string;
                                tool: string;
                            }[];
                            transcript: ({
                                content: string | null;
                                finish_reason: string | null;
                                /** @enum {string} */
                                kind: "model";
                                seq: number;
                                step: number;
                                tokens: {
                                    input: number;
                                    output: number;
                                };
                                tool_calls: {
                                    arguments: unknown;
                                    function: string;
                                    id: string;
                                    tool: string | null;
                                }[];
                            } | {
                                arguments: unknown;
                                call_id: string;
                                duration_ms: number;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                                execution_id: string | null;
                                /** @enum {string} */
                                kind: "tool";
                                result?: unknown;
                                seq: number;
                                /** @enum {string} */
                                status: "completed" | "failed";
                                step: number;
                                tool: string | null;
                            })[];
                        };
                    };
                };
                /** @description The run, still running after wait_ms: follow it at GET /agent/runs/{run_id} or its stream */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            answer: string | null;
                            created_at: number;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            finished_at: number | null;
                            max_steps: number;
                            max_tokens: number;
                            model: string;
                            query: string;
                            run_id: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "canceled";
                            steps_used: number;
                            stop_reason: ("answered" | "step_limit" | "token_limit" | "time_limit" | "canceled" | "model_error" | "internal" | "approval_denied" | "approval_expired") | null;
                            tokens: {
                                input: number;
                                output: number;
                                total: number;
                            };
                            tools_offered: {
                                function: string;
                                tool: string;
                            }[];
                            transcript: ({
                                content: string | null;
                                finish_reason: string | null;
                                /** @enum {string} */
                                kind: "model";
                                seq: number;
                                step: number;
                                tokens: {
                                    input: number;
                                    output: number;
                                };
                                tool_calls: {
                                    arguments: unknown;
                                    function: string;
                                    id: string;
                                    tool: string | null;
                                }[];
                            } | {
                                arguments: unknown;
                                call_id: string;
                                duration_ms: number;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                                execution_id: string | null;
                                /** @enum {string} */
                                kind: "tool";
                                result?: unknown;
                                seq: number;
                                /** @enum {string} */
                                status: "completed" | "failed";
                                step: number;
                                tool: string | null;
                            })[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Service Unavailable: a dependency of this route is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "SERVICE_UNAVAILABLE";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    run_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            answer: string | null;
                            created_at: number;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            finished_at: number | null;
                            max_steps: number;
                            max_tokens: number;
                            model: string;
                            query: string;
                            run_id: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "canceled";
                            steps_used: number;
                            stop_reason: ("answered" | "step_limit" | "token_limit" | "time_limit" | "canceled" | "model_error" | "internal" | "approval_denied" | "approval_expired") | null;
                            tokens: {
                                input: number;
                                output: number;
                                total: number;
                            };
                            tools_offered: {
                                function: string;
                                tool: string;
                            }[];
                            transcript: ({
                                content: string | null;
                                finish_reason: string | null;
                                /** @enum {string} */
                                kind: "model";
                                seq: number;
                                step: number;
                                tokens: {
                                    input: number;
                                    output: number;
                                };
                                tool_calls: {
                                    arguments: unknown;
                                    function: string;
                                    id: string;
                                    tool: string | null;
                                }[];
                            } | {
                                arguments: unknown;
                                call_id: string;
                                duration_ms: number;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                                execution_id: string | null;
                                /** @enum {string} */
                                kind: "tool";
                                result?: unknown;
                                seq: number;
                                /** @enum {string} */
                                status: "completed" | "failed";
                                step: number;
                                tool: string | null;
                            })[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    run_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            run_id: string;
                            /** @enum {string} */
                            status: "canceling";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/runs/{run_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: {
                    "last-event-id"?: number;
                };
                path: {
                    run_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Server-sent events: one `step` per transcript entry, then `run` when it has ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Service Unavailable: a dependency of this route is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "SERVICE_UNAVAILABLE";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: number;
                            keys: {
                                created_at: number;
                                /** Format: uuid */
                                id: string;
                                /** @description Last authentication with the key, to the minute; null if never used */
                                last_used_at: number | null;
                                /** @description The 10 characters after `sb_`: how the key is recognised (and named to the operator CLI) */
                                prefix: string;
                                revoked: boolean;
                                revoked_at: number | null;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The key itself: shown in this answer only */
                            api_key: string;
                            created_at: number;
                            /** Format: uuid */
                            id: string;
                            /** @description Last authentication with the key, to the minute; null if never used */
                            last_used_at: number | null;
                            /** @description The 10 characters after `sb_`: how the key is recognised (and named to the operator CLI) */
                            prefix: string;
                            revoked: boolean;
                            revoked_at: number | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            /** Format: uuid */
                            id: string;
                            /** @description Last authentication with the key, to the minute; null if never used */
                            last_used_at: number | null;
                            /** @description The 10 characters after `sb_`: how the key is recognised (and named to the operator CLI) */
                            prefix: string;
                            revoked: boolean;
                            revoked_at: number | null;
                            /** @enum {string} */
                            status: "revoked";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/cli/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description approve (the default) or deny the login request
                         * @enum {string}
                         */
                        decision?: "approve" | "deny";
                        device_code?: string;
                        identity_token?: string;
                        user_code?: string;
                    } & (unknown | unknown);
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_name: string | null;
                            message: string;
                            /** @description When the login was requested (Unix seconds) */
                            requested_at: number;
                            /** @description IP address POST /auth/cli/start came from (null for requests made before it was recorded) */
                            requested_from: string | null;
                            /** @enum {string} */
                            status: "approved" | "denied";
                            user_code: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/cli/poll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        device_code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            expires_in: number;
                            interval: number;
                            /** @enum {string} */
                            status: "pending";
                        } | {
                            message: string;
                            /** @enum {string} */
                            status: "denied";
                        } | {
                            access_token: string;
                            /** @description When the start asked for api_key: the device's own API key, shown once (null when the user is at the key limit; api_key_refused says why) */
                            api_key?: {
                                /** @description The key itself: shown in this answer only */
                                api_key: string;
                                created_at: number;
                                /** Format: uuid */
                                id: string;
                                /** @description Last authentication with the key, to the minute; null if never used */
                                last_used_at: number | null;
                                /** @description The 10 characters after `sb_`: how the key is recognised (and named to the operator CLI) */
                                prefix: string;
                                revoked: boolean;
                                revoked_at: number | null;
                            } | null;
                            api_key_refused?: string;
                            expires_in: number;
                            /** @enum {string} */
                            status: "complete";
                            /** @enum {string} */
                            token_type: "Bearer";
                            user: {
                                created_at: number;
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                plan: "free" | "pro" | "enterprise";
                                /** @enum {string} */
                                role: "admin" | "user";
                                updated_at: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/cli/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description also issue a revocable API key for this device when the login completes (what a CLI keeps) */
                        api_key?: boolean;
                        client_name?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            device_code: string;
                            expires_in: number;
                            interval: number;
                            user_code: string;
                            verification_url: string;
                            verification_url_complete: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/cli/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    user_code: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approve: {
                                body: {
                                    user_code: string;
                                };
                                /** @enum {string} */
                                method: "POST";
                                path: string;
                            };
                            client_name: string | null;
                            expires_in: number;
                            /** @description When the login was requested (Unix seconds) */
                            requested_at: number;
                            /** @description IP address POST /auth/cli/start came from (null for requests made before it was recorded) */
                            requested_from: string | null;
                            /** @enum {string} */
                            status: "pending" | "approved" | "denied" | "consumed" | "expired";
                            user_code: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with an API key
         * @description Trades the credential for a short-lived HS256 session token. A session token presented here is renewed but keeps its sign-in time: no session lives past SESSION_MAX_AGE_SECONDS after its sign-in (then 401).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "Bearer";
                            user: {
                                created_at: number;
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                plan: "free" | "pro" | "enterprise";
                                /** @enum {string} */
                                role: "admin" | "user";
                                updated_at: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out everywhere
         * @description Ends every session token of the caller issued so far, on every device; API keys stay valid (revoke them with DELETE /api-keys/{key_id}).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @enum {string} */
                            status: "logged_out";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/create-order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        plan_id: "free" | "pro" | "enterprise";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            amount: number;
                            currency: string;
                            key_id: string;
                            order_id: string;
                            /** @enum {string} */
                            plan_id: "free" | "pro" | "enterprise";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Service Unavailable: a dependency of this route is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "SERVICE_UNAVAILABLE";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plans: {
                                currency: string;
                                /** @enum {string} */
                                id: "free" | "pro" | "enterprise";
                                /** @enum {string} */
                                interval: "month";
                                limits: {
                                    custom_servers: boolean;
                                    /** @description The largest max_tokens of one agent run */
                                    max_agent_tokens_per_run: number | null;
                                    /** @description Tools of your own in the index (POST /v2/index_tools) */
                                    max_indexed_tools: number | null;
                                    max_open_streams: number;
                                    max_packs: number | null;
                                    max_servers_per_pack: number | null;
                                    /** @description Webhook subscriptions */
                                    max_webhooks: number | null;
                                };
                                name: string;
                                price: number;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/user-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            custom_servers: boolean;
                            /** @description The largest max_tokens of one agent run */
                            max_agent_tokens_per_run: number | null;
                            /** @description Tools of your own in the index (POST /v2/index_tools) */
                            max_indexed_tools: number | null;
                            max_open_streams: number;
                            max_packs: number | null;
                            max_servers_per_pack: number | null;
                            /** @description Webhook subscriptions */
                            max_webhooks: number | null;
                            /** @enum {string} */
                            plan: "free" | "pro" | "enterprise";
                            usage: {
                                agent_tokens_this_month: number;
                                custom_servers: number;
                                packs: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/verify-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        plan_id: "free" | "pro" | "enterprise";
                        provider_order_id: string;
                        provider_payment_id: string;
                        provider_signature: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limits: {
                                custom_servers: boolean;
                                /** @description The largest max_tokens of one agent run */
                                max_agent_tokens_per_run: number | null;
                                /** @description Tools of your own in the index (POST /v2/index_tools) */
                                max_indexed_tools: number | null;
                                max_open_streams: number;
                                max_packs: number | null;
                                max_servers_per_pack: number | null;
                                /** @description Webhook subscriptions */
                                max_webhooks: number | null;
                            };
                            order_id: string;
                            payment_id: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "enterprise";
                            /** @enum {string} */
                            plan_id: "free" | "pro" | "enterprise";
                            /** @enum {string} */
                            status: "verified" | "pending";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Service Unavailable: a dependency of this route is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "SERVICE_UNAVAILABLE";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            event: string;
                            event_id: string;
                            /** @enum {string} */
                            status: "processing" | "processed" | "ignored" | "duplicate";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Service Unavailable: a dependency of this route is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "SERVICE_UNAVAILABLE";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/call_approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor of the page before */
                    cursor?: string;
                    limit?: number;
                    status?: "pending" | "approved" | "denied" | "expired";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approvals: {
                                /** @description The arguments the call will be made with, as the caller gave them */
                                arguments: {
                                    [key: string]: unknown;
                                };
                                created_at: string;
                                decided_at: string | null;
                                decided_by: string | null;
                                expires_at: string;
                                /** Format: uuid */
                                id: string;
                                links: {
                                    approve: string;
                                    console: string;
                                    deny: string;
                                };
                                /** @description Why it waits: your policy or the tool's annotations */
                                reason: string;
                                /** @description The job id, or the agent run id */
                                run_id: string;
                                /** @enum {string} */
                                run_kind: "job" | "agent";
                                server: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "denied" | "expired";
                                tool: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/call_approvals/{approval_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    approval_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The arguments the call will be made with, as the caller gave them */
                            arguments: {
                                [key: string]: unknown;
                            };
                            created_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            expires_at: string;
                            /** Format: uuid */
                            id: string;
                            links: {
                                approve: string;
                                console: string;
                                deny: string;
                            };
                            /** @description Why it waits: your policy or the tool's annotations */
                            reason: string;
                            /** @description The job id, or the agent run id */
                            run_id: string;
                            /** @enum {string} */
                            run_kind: "job" | "agent";
                            server: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "denied" | "expired";
                            tool: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/call_approvals/{approval_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    approval_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The arguments the call will be made with, as the caller gave them */
                            arguments: {
                                [key: string]: unknown;
                            };
                            created_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            expires_at: string;
                            /** Format: uuid */
                            id: string;
                            links: {
                                approve: string;
                                console: string;
                                deny: string;
                            };
                            /** @description Why it waits: your policy or the tool's annotations */
                            reason: string;
                            /** @description The job id, or the agent run id */
                            run_id: string;
                            /** @enum {string} */
                            run_kind: "job" | "agent";
                            server: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "denied" | "expired";
                            tool: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/call_approvals/{approval_id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    approval_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The arguments the call will be made with, as the caller gave them */
                            arguments: {
                                [key: string]: unknown;
                            };
                            created_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            expires_at: string;
                            /** Format: uuid */
                            id: string;
                            links: {
                                approve: string;
                                console: string;
                                deny: string;
                            };
                            /** @description Why it waits: your policy or the tool's annotations */
                            reason: string;
                            /** @description The job id, or the agent run id */
                            run_id: string;
                            /** @enum {string} */
                            run_kind: "job" | "agent";
                            server: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "denied" | "expired";
                            tool: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/call_policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policies: {
                                /** @enum {string} */
                                decision: "allow" | "ask" | "deny";
                                server: string;
                                /** @description null: the policy covers every tool of the server */
                                tool: string | null;
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        decision: "allow" | "ask" | "deny" | "default";
                        server: string;
                        tool?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policies: {
                                /** @enum {string} */
                                decision: "allow" | "ask" | "deny";
                                server: string;
                                /** @description null: the policy covers every tool of the server */
                                tool: string | null;
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            capabilities: {
                                id: string;
                                name: string;
                                tool_count: number;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capabilities/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        capability_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            capability_id: string;
                            /** @enum {string} */
                            status: "enabled";
                            tools_enabled: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-packs/mcp-servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            servers: {
                                category: string;
                                config: {
                                    [key: string]: unknown;
                                };
                                created_at: number;
                                description: string;
                                display_name: string;
                                icon: string;
                                id: string;
                                name: string;
                                tools_count: number;
                                updated_at?: number;
                                url: string;
                                used_in_packs?: number;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        category?: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                        config?: {
                            [key: string]: unknown;
                        };
                        description: string;
                        display_name: string;
                        icon?: string;
                        name: string;
                        /** Format: uri */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            config: {
                                [key: string]: unknown;
                            };
                            connection: {
                                error?: string;
                                /** @enum {string} */
                                status: "connected" | "error";
                            } | null;
                            created_at: number;
                            description: string;
                            display_name: string;
                            icon: string;
                            id: string;
                            name: string;
                            tools_count: number;
                            updated_at?: number;
                            url: string;
                            used_in_packs?: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-packs/packs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            packs: {
                                created_at: number;
                                description: string;
                                enabled: boolean;
                                id: string;
                                name: string;
                                servers_count: number;
                                total_tools: number;
                                updated_at: number;
                            }[];
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description: string;
                        name: string;
                        /** @default [] */
                        servers?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            description: string;
                            enabled: boolean;
                            id: string;
                            name: string;
                            servers: {
                                display_name: string;
                                id: string;
                                name: string;
                                tools_count: number;
                            }[];
                            total_servers: number;
                            total_tools: number;
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-packs/packs/{pack_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            description: string;
                            enabled: boolean;
                            id: string;
                            name: string;
                            servers: {
                                description: string;
                                display_name: string;
                                id: string;
                                name: string;
                                tools: {
                                    description: string;
                                    name: string;
                                }[];
                                tools_count: number;
                            }[];
                            total_servers: number;
                            total_tools: number;
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            message: string;
                            /** @enum {string} */
                            status: "deleted";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        name?: string;
                    } | unknown | unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            description: string;
                            id: string;
                            name: string;
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/custom-packs/packs/{pack_id}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            clients: {
                                claude_code: {
                                    command?: string;
                                    config?: {
                                        [key: string]: unknown;
                                    };
                                    file?: string;
                                };
                                claude_desktop: {
                                    command?: string;
                                    config?: {
                                        [key: string]: unknown;
                                    };
                                    file?: string;
                                };
                                cursor: {
                                    command?: string;
                                    config?: {
                                        [key: string]: unknown;
                                    };
                                    file?: string;
                                };
                                vscode: {
                                    command?: string;
                                    config?: {
                                        [key: string]: unknown;
                                    };
                                    file?: string;
                                };
                            };
                            command: string;
                            install_steps: string[];
                            mcp_url: string;
                            pack_id: string;
                            server_name: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-packs/packs/{pack_id}/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        servers: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pack_id: string;
                            servers: string[];
                            total_servers: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        server: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pack_id: string;
                            server: string;
                            /** @enum {string} */
                            status: "added" | "removed";
                            total_servers: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-packs/packs/{pack_id}/servers/{server_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pack_id: string;
                            server: string;
                            /** @enum {string} */
                            status: "added" | "removed";
                            total_servers: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/execute_tool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        arguments: {
                            [key: string]: unknown;
                        };
                        /** @enum {string} */
                        mode?: "sync" | "direct";
                        timeout_ms?: number;
                        tool: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            execution_time_ms: number;
                            result: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "success";
                            tokens_used: {
                                input: number;
                                output: number;
                            };
                            tool: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMIT_EXCEEDED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
                /** @description Gateway Timeout: the tool did not finish within the time-out */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_TIMEOUT" | "TIMEOUT";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "error" | "timeout";
                            tool: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/free-tools/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tool_slug: string;
                        user_identifier: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            installed_at: string;
                            run: {
                                body: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                method: "POST";
                                path: string;
                            };
                            /** @enum {string} */
                            status: "installed" | "already_installed";
                            tool_slug: string;
                            user_identifier: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            installed_at: string;
                            run: {
                                body: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                method: "POST";
                                path: string;
                            };
                            /** @enum {string} */
                            status: "installed" | "already_installed";
                            tool_slug: string;
                            user_identifier: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/free-tools/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: {
                            [key: string]: unknown;
                        };
                        tool_slug: string;
                        user_identifier?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            execution_time_ms: number;
                            result: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "success";
                            tool_slug: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/free-tools/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    user_identifier?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "operational";
                            tools: {
                                description: string;
                                input_schema: {
                                    [key: string]: unknown;
                                };
                                installed: boolean | null;
                                installs: number;
                                name: string;
                                runs: number;
                                slug: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of the database, Temporal and search */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checks: {
                                [key: string]: {
                                    latency_ms: number;
                                    /** @enum {string} */
                                    status: "ok" | "error";
                                };
                            };
                            /** @enum {string} */
                            status: "ok" | "degraded";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checks: {
                                [key: string]: {
                                    latency_ms: number;
                                    /** @enum {string} */
                                    status: "ok" | "error";
                                };
                            };
                            /** @enum {string} */
                            status: "ok" | "degraded";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether retrieval answers as in steady state: the bundled catalog synced and every registry tool indexed with its vector */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            catalog?: {
                                servers: number;
                                synced: number;
                            };
                            search: {
                                indexed: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "starting" | "indexing" | "ready";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            catalog?: {
                                servers: number;
                                synced: number;
                            };
                            search: {
                                indexed: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "starting" | "indexing" | "ready";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "queued" | "running" | "completed" | "failed" | "canceled" | "timeout";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobs: {
                                completed_at?: number;
                                created_at: number;
                                /** Format: uuid */
                                job_id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "failed" | "canceled" | "timeout";
                                tool: string;
                            }[];
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            position_in_queue: number;
                            server: string;
                            /** @enum {string} */
                            status: "queued";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            created_at: number;
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            progress: {
                                current_step: string;
                                percentage: number;
                                total_steps: number;
                            };
                            server: string;
                            started_at: number;
                            /** @enum {string} */
                            status: "running";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            completed_at: number;
                            created_at: number;
                            estimated_duration_ms: number;
                            execution_time_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            result: {
                                [key: string]: unknown;
                            };
                            server: string;
                            started_at?: number;
                            /** @enum {string} */
                            status: "completed";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            completed_at: number;
                            created_at: number;
                            error: {
                                /** @enum {string} */
                                code: "INVALID_ARGUMENTS" | "EXECUTION_ERROR" | "EXECUTION_TIMEOUT" | "TOOL_NOT_FOUND" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED" | "CALL_DENIED" | "SERVER_ERROR";
                                details: {
                                    argument?: string;
                                    timeout_ms?: number;
                                    tool_error?: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                message: string;
                            };
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            server: string;
                            started_at?: number;
                            /** @enum {string} */
                            status: "failed" | "timeout";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            canceled_at?: number;
                            completed_at: number;
                            created_at: number;
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            reason: string | null;
                            server: string;
                            started_at?: number;
                            /** @enum {string} */
                            status: "canceled";
                            time_limit_ms: number;
                            tool: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: {
                    /** @description Why, kept with the canceled job */
                    reason?: string;
                };
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            job_id: string;
                            message: string;
                            /** @enum {string} */
                            status: "canceled";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: {
                    "last-event-id"?: number;
                };
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Server-sent events of the job until it ends */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Service Unavailable: a dependency of this route is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "SERVICE_UNAVAILABLE";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        arguments: {
                            [key: string]: unknown;
                        };
                        timeout_ms?: number;
                        tool: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            position_in_queue: number;
                            server: string;
                            /** @enum {string} */
                            status: "queued";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            created_at: number;
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            progress: {
                                current_step: string;
                                percentage: number;
                                total_steps: number;
                            };
                            server: string;
                            started_at: number;
                            /** @enum {string} */
                            status: "running";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            completed_at: number;
                            created_at: number;
                            estimated_duration_ms: number;
                            execution_time_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            result: {
                                [key: string]: unknown;
                            };
                            server: string;
                            started_at?: number;
                            /** @enum {string} */
                            status: "completed";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            completed_at: number;
                            created_at: number;
                            error: {
                                /** @enum {string} */
                                code: "INVALID_ARGUMENTS" | "EXECUTION_ERROR" | "EXECUTION_TIMEOUT" | "TOOL_NOT_FOUND" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED" | "CALL_DENIED" | "SERVER_ERROR";
                                details: {
                                    argument?: string;
                                    timeout_ms?: number;
                                    tool_error?: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                message: string;
                            };
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            server: string;
                            started_at?: number;
                            /** @enum {string} */
                            status: "failed" | "timeout";
                            time_limit_ms: number;
                            tool: string;
                        } | {
                            canceled_at?: number;
                            completed_at: number;
                            created_at: number;
                            estimated_duration_ms: number;
                            /** Format: uuid */
                            job_id: string;
                            reason: string | null;
                            server: string;
                            started_at?: number;
                            /** @enum {string} */
                            status: "canceled";
                            time_limit_ms: number;
                            tool: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    category?: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                    limit?: number;
                    offset?: number;
                    q?: string;
                    tag?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            offset: number;
                            servers: {
                                authentication: {
                                    env_var?: string;
                                    env_vars?: string[];
                                    /** @description An HTTP server's credential headers */
                                    headers?: string[];
                                    required: boolean;
                                    setup_url?: string;
                                    type: string;
                                };
                                category: string;
                                description: string;
                                display_name: string;
                                icon: string;
                                name: string;
                                rate_limit: {
                                    requests_per_hour: number;
                                } | null;
                                supported_platforms: string[];
                                tags: string[];
                                tools_count: number;
                                url: string;
                                version: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_registry/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authentication: {
                                env_var?: string;
                                env_vars?: string[];
                                /** @description An HTTP server's credential headers */
                                headers?: string[];
                                required: boolean;
                                setup_url?: string;
                                type: string;
                            };
                            category: string;
                            description: string;
                            display_name: string;
                            icon: string;
                            name: string;
                            rate_limit: {
                                requests_per_hour: number;
                            } | null;
                            supported_platforms: string[];
                            tags: string[];
                            tools: {
                                description: string;
                                name: string;
                            }[];
                            tools_count: number;
                            tools_source: string;
                            url: string;
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled_count: number;
                            servers: {
                                category: string;
                                description: string;
                                display_name: string;
                                enabled: boolean;
                                icon: string;
                                installed: boolean;
                                name: string;
                                tools_count: number;
                                url: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_servers/{server}/connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A server name, or a custom server id */
                    server: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Unix seconds */
                            connected_at: number | null;
                            /** @description When the current access token expires, as the authorization server said (refreshed before it does) */
                            expires_at: number | null;
                            /** @description Whether the server is known to ask for OAuth (found by a connection started on it) */
                            oauth: boolean;
                            scope: string | null;
                            server: string;
                            /**
                             * @description needs_reconnect: its authorization server refused the last refresh
                             * @enum {string}
                             */
                            status: "connected" | "needs_reconnect" | "not_connected";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A server name, or a custom server id */
                    server: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where to send the user: the server's authorization server, with PKCE and our state */
                            authorization_url: string;
                            /** @description Unix seconds: the link (its state) is refused after this */
                            expires_at: number;
                            server: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Bad Gateway: a remote server or its authorization server failed (OAuth connections) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UPSTREAM_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A server name, or a custom server id */
                    server: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Disconnected */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_servers/{server}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A server name, or a custom server id */
                    server: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            credentials: {
                                name: string;
                                set: boolean;
                                /** @description Unix seconds */
                                updated_at: number | null;
                            }[];
                            /**
                             * @description How the values reach the server: environment variables (stdio) or request headers (HTTP)
                             * @enum {string}
                             */
                            kind: "env" | "header";
                            /** @description Declared names not set, when required */
                            missing: string[];
                            /** @description Whether the server runs only once every declared name is set */
                            required: boolean;
                            server: string;
                            /** @description The vendor's page where a value is made */
                            setup_url: string | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A server name, or a custom server id */
                    server: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        values: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            credentials: {
                                name: string;
                                set: boolean;
                                /** @description Unix seconds */
                                updated_at: number | null;
                            }[];
                            /**
                             * @description How the values reach the server: environment variables (stdio) or request headers (HTTP)
                             * @enum {string}
                             */
                            kind: "env" | "header";
                            /** @description Declared names not set, when required */
                            missing: string[];
                            /** @description Whether the server runs only once every declared name is set */
                            required: boolean;
                            server: string;
                            /** @description The vendor's page where a value is made */
                            setup_url: string | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_servers/{server}/credentials/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    /** @description A server name, or a custom server id */
                    server: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp_servers/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                        server: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                            server: string;
                            /** @enum {string} */
                            status: "activated" | "deactivated";
                            tools_enabled: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-analytics/analytics/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            events_by_type: {
                                [key: string]: number;
                            };
                            executions: {
                                by_service: number;
                                reported_by_clients: number;
                                success_rate: number | null;
                                total: number;
                            };
                            period: {
                                days: number;
                                from: string;
                                to: string;
                            };
                            revenue: {
                                amount: number;
                                currency: string;
                                paid_orders: number;
                            }[];
                            searches: {
                                logged_queries: number;
                                retrievals: number;
                                unique_searchers: number;
                            };
                            servers: {
                                by_category: {
                                    [key: string]: number;
                                };
                                custom: number;
                                registry: number;
                            };
                            top_servers: {
                                executions: number;
                                server: string;
                            }[];
                            top_tools: {
                                executions: number;
                                tool: string;
                            }[];
                            users: {
                                by_plan: {
                                    enterprise: number;
                                    free: number;
                                    pro: number;
                                };
                                new_in_period: number;
                                total: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-analytics/analytics/search-trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    days?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            by_origin: {
                                query_log: number;
                                retrieval: number;
                                tracked: number;
                            };
                            daily: {
                                date: string;
                                searches: number;
                            }[];
                            period: {
                                days: number;
                                from: string;
                                to: string;
                            };
                            top_queries: {
                                avg_results: number | null;
                                count: number;
                                last_searched_at: string | null;
                                query: string;
                            }[];
                            total_searches: number;
                            unique_queries: number;
                            unique_searchers: number;
                            zero_result_queries: {
                                count: number;
                                query: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-analytics/analytics/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        event_type: string;
                        metadata?: {
                            [key: string]: unknown;
                        };
                        query?: string;
                        server_name?: string;
                        session_id?: string;
                        tool_name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "recorded";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-analytics/servers/{server_name}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            daily: {
                                date: string;
                                events: number;
                                executions: number;
                            }[];
                            enabled_by_users: number;
                            events: {
                                by_type: {
                                    [key: string]: number;
                                };
                                total: number;
                            };
                            executions: {
                                avg_duration_ms: number | null;
                                success_rate: number | null;
                                successes: number;
                                total: number;
                            };
                            period: {
                                days: number;
                                from: string;
                                to: string;
                            };
                            search_appearances: number;
                            server_name: string;
                            tool_selections: number;
                            top_tools: {
                                executions: number;
                                tool: string;
                            }[];
                            unique_users: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-moderation/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "open" | "resolved" | "dismissed" | "all";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            flags: {
                                created_at: number;
                                details: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                reason: "spam" | "malicious" | "broken" | "misleading" | "inappropriate" | "other";
                                /** Format: uuid */
                                reported_by: string;
                                resolution: string | null;
                                resolved_at: number | null;
                                resolved_by: string | null;
                                server_name: string;
                                /** @enum {string} */
                                status: "open" | "resolved" | "dismissed";
                                updated_at: number;
                            }[];
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-moderation/flags/{flag_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    flag_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        resolution?: string;
                        /** @enum {string} */
                        status: "open" | "resolved" | "dismissed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            details: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            reason: "spam" | "malicious" | "broken" | "misleading" | "inappropriate" | "other";
                            /** Format: uuid */
                            reported_by: string;
                            resolution: string | null;
                            resolved_at: number | null;
                            resolved_by: string | null;
                            server_name: string;
                            /** @enum {string} */
                            status: "open" | "resolved" | "dismissed";
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/mcp-moderation/moderation/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            featured: number;
                            flags: {
                                dismissed: number;
                                open: number;
                                resolved: number;
                                total: number;
                            };
                            generated_at: string;
                            most_flagged: {
                                open_flags: number;
                                server_name: string;
                            }[];
                            reviews: {
                                average_rating: number | null;
                                total: number;
                            };
                            servers_total: number;
                            verification: {
                                pending: number;
                                rejected: number;
                                unverified: number;
                                verified: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-moderation/servers/{server_name}/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "open" | "resolved" | "dismissed" | "all";
                };
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            flags: {
                                created_at: number;
                                details: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                reason: "spam" | "malicious" | "broken" | "misleading" | "inappropriate" | "other";
                                resolution: string | null;
                                resolved_at: number | null;
                                server_name: string;
                                /** @enum {string} */
                                status: "open" | "resolved" | "dismissed";
                                updated_at: number;
                            }[];
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            server_name: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        details?: string;
                        /** @enum {string} */
                        reason: "spam" | "malicious" | "broken" | "misleading" | "inappropriate" | "other";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            details: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            reason: "spam" | "malicious" | "broken" | "misleading" | "inappropriate" | "other";
                            /** Format: uuid */
                            reported_by: string;
                            resolution: string | null;
                            resolved_at: number | null;
                            resolved_by: string | null;
                            server_name: string;
                            /** @enum {string} */
                            status: "open" | "resolved" | "dismissed";
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-moderation/servers/{server_name}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    sort_by?: "recent" | "rating";
                };
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            average_rating: number | null;
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            rating_distribution: {
                                [key: string]: number;
                            };
                            reviews: {
                                created_at: number;
                                /** Format: uuid */
                                id: string;
                                rating: number;
                                server_name: string;
                                text: string;
                                title: string;
                                updated_at: number;
                            }[];
                            server_name: string;
                            /** @enum {string} */
                            sort_by: "recent" | "rating";
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rating: number;
                        text?: string;
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            /** Format: uuid */
                            id: string;
                            rating: number;
                            server_name: string;
                            text: string;
                            title: string;
                            updated_at: number;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            /** Format: uuid */
                            id: string;
                            rating: number;
                            server_name: string;
                            text: string;
                            title: string;
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-moderation/servers/{server_name}/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            featured: boolean;
                            notes: string;
                            server_name: string;
                            /** @enum {string} */
                            status: "unverified" | "pending" | "verified" | "rejected";
                            updated_at: number | null;
                            verified_at: number | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    server_name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        featured?: boolean;
                        notes?: string;
                        /** @enum {string} */
                        status?: "unverified" | "pending" | "verified" | "rejected";
                    } | unknown | unknown | unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            featured: boolean;
                            notes: string;
                            server_name: string;
                            /** @enum {string} */
                            status: "unverified" | "pending" | "verified" | "rejected";
                            updated_at: number | null;
                            verified_at: number | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/mcp-moderation/servers/featured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            servers: {
                                average_rating: number | null;
                                /** @enum {string} */
                                category: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                                description: string;
                                display_name: string;
                                icon: string;
                                name: string;
                                review_count: number;
                                url: string;
                                /** @enum {string} */
                                verification_status: "unverified" | "pending" | "verified" | "rejected";
                                verified_at: number | null;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp-moderation/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "unverified" | "pending" | "verified" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            servers: {
                                featured: boolean;
                                notes: string;
                                server_name: string;
                                /** @enum {string} */
                                status: "unverified" | "pending" | "verified" | "rejected";
                                updated_at: number | null;
                                verified_at: number | null;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    code?: string;
                    error?: string;
                    state: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page saying the server is connected */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Bad Gateway: a remote server or its authorization server failed (OAuth connections) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UPSTREAM_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/client-metadata.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    request: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Host of a metadata-document client_id (null for a registered client) */
                            client_host: string | null;
                            client_id: string;
                            client_name: string | null;
                            redirect_host: string;
                            /** @description Registered through dynamic registration (anyone can): its name is unverified */
                            registered: boolean;
                            /** @description The person approved this client, resource and scopes before */
                            remembered: boolean;
                            resource: string;
                            scopes: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        decision: "approve" | "deny";
                        request: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The client's redirect URI with the code (or access_denied) */
                            redirect_to: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            keys: unknown[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/observability/tool-insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    days?: number;
                    limit?: number;
                    server?: string;
                    tool?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            period: {
                                days: number;
                                from: string;
                                to: string;
                            };
                            /** @enum {string} */
                            scope: "user" | "global";
                            tools: {
                                avg_duration_ms: number | null;
                                calls: number;
                                failures: number;
                                last_used_at: string | null;
                                p50_duration_ms: number | null;
                                p95_duration_ms: number | null;
                                server: string | null;
                                sources: {
                                    client: number;
                                    service: number;
                                };
                                success_rate: number | null;
                                successes: number;
                                tool: string;
                                top_errors: {
                                    code: string;
                                    count: number;
                                }[];
                            }[];
                            totals: {
                                calls: number;
                                success_rate: number | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/observability/tool-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        logs: {
                            duration_ms?: number;
                            error_code?: string;
                            error_message?: string;
                            /** Format: uuid */
                            id?: string;
                            metadata?: {
                                [key: string]: unknown;
                            };
                            server_name?: string;
                            /** @enum {string} */
                            status: "success" | "error" | "timeout";
                            /** Format: date-time */
                            timestamp?: string;
                            tool_name: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted: number;
                            duplicates: number;
                            received: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/packs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            packs: {
                                created_at: number;
                                description: string;
                                enabled?: boolean;
                                id: string;
                                /** @enum {string} */
                                kind: "curated" | "custom";
                                name: string;
                                servers: string[];
                                servers_count: number;
                                total_tools: number;
                                updated_at: number;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/packs/{pack_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            description: string;
                            enabled?: boolean;
                            id: string;
                            /** @enum {string} */
                            kind: "curated" | "custom";
                            name: string;
                            servers: string[];
                            servers_count: number;
                            total_tools: number;
                            updated_at: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/packs/{pack_id}/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pack_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pack_id: string;
                            servers: {
                                category: string;
                                description: string;
                                display_name: string;
                                icon: string;
                                name: string;
                                tools: {
                                    description: string;
                                    name: string;
                                }[];
                                tools_count: number;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/packs/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        pack_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            newly_enabled: boolean;
                            pack_id: string;
                            servers: string[];
                            servers_enabled: number;
                            /** @enum {string} */
                            status: "enabled";
                            total_tools: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            queries: {
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                id: string;
                                query: string;
                                retrieved_tools: {
                                    /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                                    availability?: {
                                        /** @description installable: how long its install took here before */
                                        expected_install_seconds?: number;
                                        /** @description needs_credentials: the names the caller has not set */
                                        missing_credentials?: string[];
                                        /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                        reasons: {
                                            /** @enum {string} */
                                            code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                            message: string;
                                        }[];
                                        /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                        setup_url?: string;
                                        /**
                                         * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                         * @enum {string}
                                         */
                                        state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                        /**
                                         * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                         * @enum {string}
                                         */
                                        status: "ok" | "degraded" | "unavailable";
                                    };
                                    capability_score: number;
                                    category: string | null;
                                    description: string;
                                    input_schema: {
                                        [key: string]: unknown;
                                    };
                                    name: string;
                                    score: number;
                                    semantic_score: number;
                                    server: string;
                                    success_rate: number;
                                    tags: string[];
                                }[];
                                scores: {
                                    [key: string]: {
                                        capability_score: number;
                                        score: number;
                                        semantic_score: number;
                                        success_rate: number;
                                    };
                                };
                                selected_tools: string[];
                                /** @enum {string} */
                                source: "api" | "mcp" | "dashboard";
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        metadata?: {
                            [key: string]: unknown;
                        };
                        query: string;
                        results_count?: number;
                        /**
                         * @default api
                         * @enum {string}
                         */
                        source?: "api" | "mcp" | "dashboard";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "logged";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recommender": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 3 */
                        limit?: number;
                        query: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cta: string[];
                            details: {
                                servers: {
                                    category: string;
                                    display_name: string;
                                    enabled: boolean;
                                    name: string;
                                    score: number;
                                }[];
                                terms: string[];
                                tools: {
                                    description: string;
                                    name: string;
                                    score: number;
                                    server: string;
                                }[];
                            };
                            query: string;
                            servers: string[];
                            /** @enum {string} */
                            status: "ok" | "no_match";
                            steps: string[];
                            tools: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recommender/examples": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            examples: {
                                description: string;
                                query: string;
                                servers: string[];
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recommender/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            catalog_updated_at: string | null;
                            /** @enum {string} */
                            method: "term-match";
                            servers_indexed: number;
                            /** @enum {string} */
                            status: "ready" | "empty";
                            tools_indexed: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/retrieve_tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    query: string;
                    runnable_only?: "0" | "1" | "true" | "false";
                    top_k?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            query_time_ms: number;
                            tools: {
                                /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                                availability?: {
                                    /** @description installable: how long its install took here before */
                                    expected_install_seconds?: number;
                                    /** @description needs_credentials: the names the caller has not set */
                                    missing_credentials?: string[];
                                    /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                    reasons: {
                                        /** @enum {string} */
                                        code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                        message: string;
                                    }[];
                                    /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                    setup_url?: string;
                                    /**
                                     * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                     * @enum {string}
                                     */
                                    state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                    /**
                                     * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                     * @enum {string}
                                     */
                                    status: "ok" | "degraded" | "unavailable";
                                };
                                capability_score: number;
                                category: string | null;
                                description: string;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                score: number;
                                semantic_score: number;
                                server: string;
                                success_rate: number;
                                tags: string[];
                            }[];
                            total_tools_searched: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                            /** @enum {string} */
                            error: "Bad Request";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @enum {string} */
                            error: "Unauthorized";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            message: string;
                            retry_after: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "EXECUTION_ERROR" | "SERVER_ERROR";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/embedding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The vector space retrieval uses now: the previous one until a re-embed completes (or for good when it failed) */
                            active_space: {
                                provider: string;
                                space: string;
                                vendor_model: string;
                            };
                            /** @description Providers this deployment offers and their vendor_model values */
                            allowed: {
                                [key: string]: string[];
                            };
                            /** @description Attempt of the re-embed that wrote last_error (retried with backoff on 429, 5xx and no answer) */
                            attempt: number;
                            index_model: string;
                            last_error: string | null;
                            /** @description Texts of the user's tools (and reference texts) in the chosen space, of all */
                            progress: {
                                done: number;
                                total: number;
                            };
                            provider: string;
                            reembedded_at: string | null;
                            reembedded_tools: number;
                            /** @enum {string} */
                            status: "ready" | "reembedding" | "failed";
                            /** @description What the chosen provider embedded for this user: tool texts and queries (texts already embedded are not embedded again) */
                            usage: {
                                documents: {
                                    texts: number;
                                    tokens: number;
                                };
                                queries: {
                                    texts: number;
                                    tokens: number;
                                };
                            };
                            vendor_model: string;
                            workflow_id: string | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        provider: string;
                        vendor_model: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The vector space retrieval uses now: the previous one until a re-embed completes (or for good when it failed) */
                            active_space: {
                                provider: string;
                                space: string;
                                vendor_model: string;
                            };
                            /** @description Providers this deployment offers and their vendor_model values */
                            allowed: {
                                [key: string]: string[];
                            };
                            /** @description Attempt of the re-embed that wrote last_error (retried with backoff on 429, 5xx and no answer) */
                            attempt: number;
                            index_model: string;
                            last_error: string | null;
                            /** @description Texts of the user's tools (and reference texts) in the chosen space, of all */
                            progress: {
                                done: number;
                                total: number;
                            };
                            provider: string;
                            reembedded_at: string | null;
                            reembedded_tools: number;
                            reembedding: boolean;
                            /** @enum {string} */
                            status: "ready" | "reembedding" | "failed";
                            /** @description What the chosen provider embedded for this user: tool texts and queries (texts already embedded are not embedded again) */
                            usage: {
                                documents: {
                                    texts: number;
                                    tokens: number;
                                };
                                queries: {
                                    texts: number;
                                    tokens: number;
                                };
                            };
                            vendor_model: string;
                            workflow_id: string | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tool_holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    status?: "pending" | "approved" | "rejected" | "superseded";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            holds: {
                                created_at: string;
                                decided_at: string | null;
                                decided_by: string | null;
                                /** @description The scanner's findings; empty when held only for being changed or new */
                                findings: {
                                    /** @description What matched, invisible characters written as \u{...} */
                                    excerpt: string;
                                    /** @description Where in the definition: description, title, or a schema path */
                                    field: string;
                                    /** @enum {string} */
                                    rule: "model-instruction" | "hidden-text" | "sensitive-reference" | "tool-reference" | "length-outlier";
                                }[];
                                /** Format: uuid */
                                id: string;
                                /**
                                 * @description changed: differs from its pin; new: a known server listed a new tool; first-sighting: a new server's tool the scanner flagged
                                 * @enum {string}
                                 */
                                kind: "changed" | "new" | "first-sighting";
                                server: string;
                                /** @description sync (catalog, upstream registry) or refresh (a live tools/list) */
                                source: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "rejected" | "superseded";
                                tool: string;
                                /** @description The server version the held definition came from */
                                version: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tool_holds/{hold_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    hold_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The fields that differ, old and new */
                            changes: {
                                field: string;
                                new: unknown;
                                old: unknown;
                            }[];
                            created_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            /** @description The scanner's findings; empty when held only for being changed or new */
                            findings: {
                                /** @description What matched, invisible characters written as \u{...} */
                                excerpt: string;
                                /** @description Where in the definition: description, title, or a schema path */
                                field: string;
                                /** @enum {string} */
                                rule: "model-instruction" | "hidden-text" | "sensitive-reference" | "tool-reference" | "length-outlier";
                            }[];
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description changed: differs from its pin; new: a known server listed a new tool; first-sighting: a new server's tool the scanner flagged
                             * @enum {string}
                             */
                            kind: "changed" | "new" | "first-sighting";
                            /** @description The pinned definition; null for a tool never pinned */
                            previous: {
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                description?: string | null;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema?: {
                                    [key: string]: unknown;
                                } | null;
                                title?: string | null;
                            } | null;
                            /** @description A tool definition: every field a client is shown, so every field is pinned */
                            proposed: {
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                description?: string | null;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema?: {
                                    [key: string]: unknown;
                                } | null;
                                title?: string | null;
                            };
                            server: string;
                            /** @description sync (catalog, upstream registry) or refresh (a live tools/list) */
                            source: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "superseded";
                            tool: string;
                            /** @description The server version the held definition came from */
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tool_holds/{hold_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    hold_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The fields that differ, old and new */
                            changes: {
                                field: string;
                                new: unknown;
                                old: unknown;
                            }[];
                            created_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            /** @description The scanner's findings; empty when held only for being changed or new */
                            findings: {
                                /** @description What matched, invisible characters written as \u{...} */
                                excerpt: string;
                                /** @description Where in the definition: description, title, or a schema path */
                                field: string;
                                /** @enum {string} */
                                rule: "model-instruction" | "hidden-text" | "sensitive-reference" | "tool-reference" | "length-outlier";
                            }[];
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description changed: differs from its pin; new: a known server listed a new tool; first-sighting: a new server's tool the scanner flagged
                             * @enum {string}
                             */
                            kind: "changed" | "new" | "first-sighting";
                            /** @description The pinned definition; null for a tool never pinned */
                            previous: {
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                description?: string | null;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema?: {
                                    [key: string]: unknown;
                                } | null;
                                title?: string | null;
                            } | null;
                            /** @description A tool definition: every field a client is shown, so every field is pinned */
                            proposed: {
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                description?: string | null;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema?: {
                                    [key: string]: unknown;
                                } | null;
                                title?: string | null;
                            };
                            server: string;
                            /** @description sync (catalog, upstream registry) or refresh (a live tools/list) */
                            source: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "superseded";
                            tool: string;
                            /** @description The server version the held definition came from */
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tool_holds/{hold_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    hold_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The fields that differ, old and new */
                            changes: {
                                field: string;
                                new: unknown;
                                old: unknown;
                            }[];
                            created_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            /** @description The scanner's findings; empty when held only for being changed or new */
                            findings: {
                                /** @description What matched, invisible characters written as \u{...} */
                                excerpt: string;
                                /** @description Where in the definition: description, title, or a schema path */
                                field: string;
                                /** @enum {string} */
                                rule: "model-instruction" | "hidden-text" | "sensitive-reference" | "tool-reference" | "length-outlier";
                            }[];
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description changed: differs from its pin; new: a known server listed a new tool; first-sighting: a new server's tool the scanner flagged
                             * @enum {string}
                             */
                            kind: "changed" | "new" | "first-sighting";
                            /** @description The pinned definition; null for a tool never pinned */
                            previous: {
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                description?: string | null;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema?: {
                                    [key: string]: unknown;
                                } | null;
                                title?: string | null;
                            } | null;
                            /** @description A tool definition: every field a client is shown, so every field is pinned */
                            proposed: {
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                description?: string | null;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema?: {
                                    [key: string]: unknown;
                                } | null;
                                title?: string | null;
                            };
                            server: string;
                            /** @description sync (catalog, upstream registry) or refresh (a live tools/list) */
                            source: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "superseded";
                            tool: string;
                            /** @description The server version the held definition came from */
                            version: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    category?: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                    limit?: number;
                    offset?: number;
                    server?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: {
                                description: string;
                                name: string;
                                server: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            capabilities: {
                                id: string;
                                name: string;
                                servers: string[];
                                tool_count: number;
                                verbs: string[];
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categories: {
                                /** @enum {string} */
                                name: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                                server_count: number;
                                tool_count: number;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/installed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: {
                                description: string;
                                enabled: boolean;
                                name: string;
                                server: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    category?: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                    limit?: number;
                    offset?: number;
                    server?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: {
                                category: string;
                                name: string;
                                server: string;
                                tags: string[];
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/registry/{tool_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description The server, when a bare tool name is shared by several */
                    server?: string;
                };
                header?: never;
                path: {
                    /** @description A tool name, or server/name */
                    tool_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authentication_required: string | null;
                            /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                            availability?: {
                                /** @description installable: how long its install took here before */
                                expected_install_seconds?: number;
                                /** @description needs_credentials: the names the caller has not set */
                                missing_credentials?: string[];
                                /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                reasons: {
                                    /** @enum {string} */
                                    code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                    message: string;
                                }[];
                                /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                setup_url?: string;
                                /**
                                 * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                 * @enum {string}
                                 */
                                state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                /**
                                 * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                 * @enum {string}
                                 */
                                status: "ok" | "degraded" | "unavailable";
                            };
                            category: string;
                            description: string;
                            examples: {
                                [key: string]: unknown;
                            }[];
                            inputSchema: {
                                [key: string]: unknown;
                            };
                            name: string;
                            outputSchema: {
                                [key: string]: unknown;
                            } | null;
                            rate_limit: {
                                requests_per_hour: number;
                            } | null;
                            server: string;
                            tags: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/selection-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default selected
                         * @enum {string}
                         */
                        action?: "selected" | "rejected";
                        query?: string;
                        /** Format: uuid */
                        query_id?: string;
                        reason?: string;
                        server?: string;
                        tool_name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "logged";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        event_type: string;
                        metadata?: {
                            [key: string]: unknown;
                        };
                        query?: string;
                        server_name?: string;
                        session_id?: string;
                        tool_name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "recorded";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-servers/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled_packs: string[];
                            enabled_servers: string[];
                            installed_servers: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        installed_packs?: string[];
                        /** @default [] */
                        installed_servers?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled_packs: string[];
                            enabled_servers: string[];
                            installed_servers: string[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-servers/sync-trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            servers: {
                                error?: string;
                                name: string;
                                ok: boolean;
                                tool_count: number;
                            }[];
                            /** @enum {string} */
                            status: "running" | "completed" | "partial" | "failed";
                            /** Format: uuid */
                            sync_id: string;
                            synced_count: number;
                            timestamp: string;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            servers: {
                                error?: string;
                                name: string;
                                ok: boolean;
                                tool_count: number;
                            }[];
                            /** @enum {string} */
                            status: "running" | "completed" | "partial" | "failed";
                            /** Format: uuid */
                            sync_id: string;
                            synced_count: number;
                            timestamp: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-servers/sync-trigger/{sync_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sync_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            servers: {
                                error?: string;
                                name: string;
                                ok: boolean;
                                tool_count: number;
                            }[];
                            /** @enum {string} */
                            status: "running" | "completed" | "partial" | "failed";
                            /** Format: uuid */
                            sync_id: string;
                            synced_count: number;
                            timestamp: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0.1/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description metadata.nextCursor of the page before */
                    cursor?: string;
                    /** @description Accepted for compatibility: this registry keeps no deleted entries */
                    include_deleted?: "true" | "false";
                    limit?: number;
                    /** @description A substring of the server name, case-insensitive */
                    search?: string;
                    /** @description Only entries updated after this RFC 3339 time */
                    updated_since?: string;
                    /** @description 'latest' (every entry here) or an exact version */
                    version?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            metadata: {
                                count: number;
                                nextCursor?: string;
                            };
                            servers: {
                                /** @description io.modelcontextprotocol.registry/official: status, dates, isLatest; dev.switchboard/registry: our name, source, health and the tools with their schemas and run figures */
                                _meta: {
                                    [key: string]: unknown;
                                };
                                /** @description A server.json (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json) */
                                server: {
                                    [key: string]: unknown;
                                };
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                            /** @enum {string} */
                            error: "Bad Request";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            message: string;
                            retry_after: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "EXECUTION_ERROR" | "SERVER_ERROR";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0.1/servers/{serverName}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Accepted for compatibility: this registry keeps no deleted entries */
                    include_deleted?: "true" | "false";
                };
                header?: never;
                path: {
                    /** @description The server name, URL-encoded (io.github.acme%2Fweather); ours are dev.switchboard/<name> */
                    serverName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            metadata: {
                                count: number;
                            };
                            servers: {
                                /** @description io.modelcontextprotocol.registry/official: status, dates, isLatest; dev.switchboard/registry: our name, source, health and the tools with their schemas and run figures */
                                _meta: {
                                    [key: string]: unknown;
                                };
                                /** @description A server.json (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json) */
                                server: {
                                    [key: string]: unknown;
                                };
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                            /** @enum {string} */
                            error: "Bad Request";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            message: string;
                            retry_after: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "EXECUTION_ERROR" | "SERVER_ERROR";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0.1/servers/{serverName}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Accepted for compatibility: this registry keeps no deleted entries */
                    include_deleted?: "true" | "false";
                };
                header?: never;
                path: {
                    /** @description The server name, URL-encoded (io.github.acme%2Fweather); ours are dev.switchboard/<name> */
                    serverName: string;
                    version: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ServerResponse of the official registry API */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description io.modelcontextprotocol.registry/official: status, dates, isLatest; dev.switchboard/registry: our name, source, health and the tools with their schemas and run figures */
                            _meta: {
                                [key: string]: unknown;
                            };
                            /** @description A server.json (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json) */
                            server: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                            /** @enum {string} */
                            error: "Bad Request";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            message: string;
                            retry_after: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "EXECUTION_ERROR" | "SERVER_ERROR";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/execute_tool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The tool's arguments, per its inputSchema */
                        params: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Milliseconds
                         * @default 30000
                         */
                        timeout?: number;
                        /** @description A tool name, or server/name (as retrieve_tools lists it) */
                        tool_name: string;
                        /** Format: uuid */
                        user_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                execution_id: string;
                                execution_time_ms: number;
                                result: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                status: "success";
                                tokens_used: {
                                    input: number;
                                    output: number;
                                };
                                tool_name: string;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Gateway Timeout: the tool did not finish within the time-out */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_TIMEOUT" | "TIMEOUT";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/retrieve_tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    /** @description A JSON object (server, category, min_score) */
                    filter?: string;
                    "filter.category"?: string;
                    "filter.min_score"?: number;
                    "filter.server"?: string;
                    query: string;
                    runnable_only?: "0" | "1" | "true" | "false";
                    top_k?: number;
                    user_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                query_time_ms: number;
                                tools: {
                                    /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                                    availability?: {
                                        /** @description installable: how long its install took here before */
                                        expected_install_seconds?: number;
                                        /** @description needs_credentials: the names the caller has not set */
                                        missing_credentials?: string[];
                                        /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                        reasons: {
                                            /** @enum {string} */
                                            code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                            message: string;
                                        }[];
                                        /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                        setup_url?: string;
                                        /**
                                         * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                         * @enum {string}
                                         */
                                        state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                        /**
                                         * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                         * @enum {string}
                                         */
                                        status: "ok" | "degraded" | "unavailable";
                                    };
                                    capability_score: number;
                                    category: string | null;
                                    description: string;
                                    inputSchema: {
                                        [key: string]: unknown;
                                    };
                                    name: string;
                                    score: number;
                                    semantic_score: number;
                                    server: string;
                                    success_rate: number;
                                    tags: string[];
                                }[];
                                total_tools_searched: number;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter?: {
                            category?: string;
                            /** @default 0 */
                            min_score?: number;
                            server?: string;
                        };
                        query: string;
                        /** @description Only tools the caller can run now without setup: availability.state ready or installable */
                        runnable_only?: boolean;
                        /** @default 5 */
                        top_k?: number;
                        /** Format: uuid */
                        user_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                query_time_ms: number;
                                tools: {
                                    /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                                    availability?: {
                                        /** @description installable: how long its install took here before */
                                        expected_install_seconds?: number;
                                        /** @description needs_credentials: the names the caller has not set */
                                        missing_credentials?: string[];
                                        /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                        reasons: {
                                            /** @enum {string} */
                                            code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                            message: string;
                                        }[];
                                        /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                        setup_url?: string;
                                        /**
                                         * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                         * @enum {string}
                                         */
                                        state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                        /**
                                         * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                         * @enum {string}
                                         */
                                        status: "ok" | "degraded" | "unavailable";
                                    };
                                    capability_score: number;
                                    category: string | null;
                                    description: string;
                                    inputSchema: {
                                        [key: string]: unknown;
                                    };
                                    name: string;
                                    score: number;
                                    semantic_score: number;
                                    server: string;
                                    success_rate: number;
                                    tags: string[];
                                }[];
                                total_tools_searched: number;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                servers: {
                                    error?: string;
                                    last_checked: string | null;
                                    name: string;
                                    /** @enum {string} */
                                    status: "connected" | "disconnected" | "error";
                                    tool_count: number;
                                }[];
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    category?: "version-control" | "infrastructure" | "monitoring" | "messaging" | "databases" | "ci-cd" | "development" | "communication" | "custom";
                    limit?: number;
                    offset?: number;
                    server?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    category: string;
                                    description: string;
                                    inputSchema: {
                                        [key: string]: unknown;
                                    };
                                    name: string;
                                    server: string;
                                    tags: string[];
                                }[];
                                pagination: {
                                    has_more: boolean;
                                    limit: number;
                                    offset: number;
                                    total: number;
                                };
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/{tool_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description The server, when a bare tool name is shared by several */
                    server?: string;
                };
                header?: never;
                path: {
                    /** @description A tool name, or server/name */
                    tool_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                authentication_required: string | null;
                                /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                                availability?: {
                                    /** @description installable: how long its install took here before */
                                    expected_install_seconds?: number;
                                    /** @description needs_credentials: the names the caller has not set */
                                    missing_credentials?: string[];
                                    /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                    reasons: {
                                        /** @enum {string} */
                                        code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                        message: string;
                                    }[];
                                    /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                    setup_url?: string;
                                    /**
                                     * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                     * @enum {string}
                                     */
                                    state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                    /**
                                     * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                     * @enum {string}
                                     */
                                    status: "ok" | "degraded" | "unavailable";
                                };
                                category: string;
                                description: string;
                                examples: {
                                    [key: string]: unknown;
                                }[];
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                outputSchema: {
                                    [key: string]: unknown;
                                } | null;
                                rate_limit: {
                                    requests_per_hour: number;
                                } | null;
                                server: string;
                                tags: string[];
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                            meta: {
                                request_id: string;
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            capabilities: {
                                description: string;
                                server_name: string;
                                tool_count: number;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/index_tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default false */
                        skip_existing?: boolean;
                        tools: unknown[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            batch_id?: string;
                            failed: number;
                            failures: {
                                index: number;
                                name?: string;
                                reason: string;
                                server?: string;
                            }[];
                            indexed: number;
                            skipped: number;
                            skipped_tools: {
                                name: string;
                                reason: string;
                                server: string;
                            }[];
                            /** @enum {string} */
                            status: "completed";
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted: number;
                            /** Format: uuid */
                            batch_id: string;
                            failed: number;
                            failures: {
                                index: number;
                                name?: string;
                                reason: string;
                                server?: string;
                            }[];
                            skipped: number;
                            skipped_tools: {
                                name: string;
                                reason: string;
                                server: string;
                            }[];
                            /** @enum {string} */
                            status: "accepted";
                            status_url: string;
                            workflow_id: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/index_tools/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batch_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            batch_id: string;
                            failed: number;
                            failures: {
                                name: string;
                                reason: string;
                                server: string;
                            }[];
                            indexed: number;
                            pending: number;
                            /** @enum {string} */
                            status: "running" | "completed";
                            workflow_id: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/retrieve_tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    "filter.category"?: string;
                    "filter.server"?: string;
                    "filter[server]"?: string;
                    query: string;
                    runnable_only?: "0" | "1" | "true" | "false";
                    top_k?: number;
                    use_hybrid_v3?: "0" | "1" | "true" | "false";
                };
                header?: {
                    "x-agent-source"?: "mcp" | "api" | "dashboard";
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            capability_confidence: number;
                            /** @description Present for a user who searches in a vector space of their own (GET /settings/embedding): the space that scored their tools; fallback true when their provider could not answer and the default space did */
                            embedding?: {
                                fallback: boolean;
                                reason?: string;
                                requested_space?: string;
                                space: string;
                            };
                            /** Format: uuid */
                            query_id: string;
                            query_rewritten: string;
                            query_time_ms: number;
                            recommended_mcps: string[];
                            selected_capability: string;
                            tools: {
                                /** @description Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed */
                                availability?: {
                                    /** @description installable: how long its install took here before */
                                    expected_install_seconds?: number;
                                    /** @description needs_credentials: the names the caller has not set */
                                    missing_credentials?: string[];
                                    /** @description Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did */
                                    reasons: {
                                        /** @enum {string} */
                                        code: "server_down" | "credentials_missing" | "unsupported" | "install_required" | "plan_excluded" | "failing" | "succeeded_for_you";
                                        message: string;
                                    }[];
                                    /** @description needs_credentials: where the caller sets them (the console page of the server) */
                                    setup_url?: string;
                                    /**
                                     * @description Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)
                                     * @enum {string}
                                     */
                                    state: "ready" | "installable" | "needs_credentials" | "unsupported" | "disabled";
                                    /**
                                     * @description ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)
                                     * @enum {string}
                                     */
                                    status: "ok" | "degraded" | "unavailable";
                                };
                                capability_score: number;
                                category: string | null;
                                description: string;
                                input_schema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                                score: number;
                                semantic_score: number;
                                server: string;
                                success_rate: number;
                                tags: string[];
                            }[];
                            total_tools_searched: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                            /** @enum {string} */
                            error: "Bad Request";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @enum {string} */
                            error: "Unauthorized";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            message: string;
                            retry_after: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code: "EXECUTION_ERROR" | "SERVER_ERROR";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            message: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/track_installation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        pack_id?: string;
                        server: string;
                        tool_name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            installed: true;
                            newly_installed: boolean;
                            pack_id: string | null;
                            server: string;
                            /** @enum {string} */
                            status: "tracked";
                            tool_name: string;
                            tools_enabled: number;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Too Many Requests: rate limit reached; retry after error.retry_after seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                                retry_after: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhooks: {
                                created_at: number;
                                description: string;
                                events: string[];
                                failed_attempts: number;
                                /** Format: uuid */
                                id: string;
                                last_used: number | null;
                                status: string;
                                url: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        events: ("job.queued" | "job.started" | "job.completed" | "job.failed" | "job.canceled" | "tool.executed" | "tool.execution.completed" | "tool.execution.failed" | "agent.run.completed" | "agent.run.failed" | "pack.enabled" | "server.installed" | "approval.requested")[];
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            description: string;
                            events: string[];
                            failed_attempts: number;
                            /** Format: uuid */
                            id: string;
                            last_used: number | null;
                            secret?: string;
                            status: string;
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhook_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhook_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        events?: ("job.queued" | "job.started" | "job.completed" | "job.failed" | "job.canceled" | "tool.executed" | "tool.execution.completed" | "tool.execution.failed" | "agent.run.completed" | "agent.run.failed" | "pack.enabled" | "server.installed" | "approval.requested")[];
                        /** Format: uri */
                        url?: string;
                    } | unknown | unknown | unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            description: string;
                            events: string[];
                            failed_attempts: number;
                            /** Format: uuid */
                            id: string;
                            last_used: number | null;
                            status: string;
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    webhook_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: {
                                attempts: {
                                    attempt: number;
                                    attempted_at: number;
                                    duration_ms: number;
                                    error: string | null;
                                    /** @description The receiver's answer; null when none came (network error, time-out) */
                                    status_code: number | null;
                                }[];
                                created_at: number;
                                event: string;
                                /** Format: uuid */
                                event_id: string;
                                /** Format: uuid */
                                id: string;
                                /** @description When the next retry is due; set while the status is retrying */
                                next_attempt_at: number | null;
                                /** @enum {string} */
                                status: "pending" | "delivered" | "failed" | "retrying";
                            }[];
                            pagination: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    delivery_id: string;
                    webhook_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: {
                                attempt: number;
                                attempted_at: number;
                                duration_ms: number;
                                error: string | null;
                                /** @description The receiver's answer; null when none came (network error, time-out) */
                                status_code: number | null;
                            }[];
                            created_at: number;
                            event: string;
                            /** Format: uuid */
                            event_id: string;
                            /** Format: uuid */
                            id: string;
                            /** @description When the next retry is due; set while the status is retrying */
                            next_attempt_at: number | null;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "retrying";
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Conflict: it exists already, or was completed already */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "CONFLICT" | "CREDENTIALS_REQUIRED" | "TOOL_HELD" | "APPROVAL_REQUIRED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhook_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: number;
                            description: string;
                            events: string[];
                            failed_attempts: number;
                            /** Format: uuid */
                            id: string;
                            last_used: number | null;
                            secret: string;
                            status: string;
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "INVALID_REQUEST" | "INVALID_ARGUMENTS" | "PLAN_LIMIT_EXCEEDED" | "CANNOT_CANCEL_RUNNING";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Unauthorized: credentials missing or invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "UNAUTHORIZED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Forbidden: the credentials do not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "FORBIDDEN" | "CALL_DENIED";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Not Found: the resource does not exist (or is not visible to the caller) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_FOUND" | "TOOL_NOT_FOUND" | "JOB_NOT_FOUND" | "SERVER_NOT_FOUND";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Internal Server Error (or EXECUTION_ERROR: the tool failed) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "EXECUTION_ERROR" | "SERVER_ERROR";
                                details: {
                                    [key: string]: unknown;
                                };
                                message: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;


/** An HTTP method as `paths` spells it. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method`. */
export type PathOf<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: { responses: unknown } } ? P : never }[keyof paths];

type OperationAt<P extends PathOf<M>, M extends Method> = paths[P][M];
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type SuccessStatus = 200 | 201 | 202 | 204 | '2XX';

/** The success body of an operation (`undefined` for 204). */
export type ResponseOf<P extends PathOf<M>, M extends Method = 'get'> =
  OperationAt<P, M> extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: JsonOf<R[S]> }[keyof R & SuccessStatus] : never;

type ParametersAt<P extends PathOf<M>, M extends Method> = OperationAt<P, M> extends { parameters: infer A } ? A : never;
type Defined<T> = [Exclude<T, undefined>] extends [never] ? never : Exclude<T, undefined>;

/** The query an operation takes (never when it takes none). */
export type QueryOf<P extends PathOf<M>, M extends Method = 'get'> = Defined<ParametersAt<P, M> extends { query?: infer Q } ? Q : never>;
/** The path parameters of an operation, by the names in its path. */
export type PathParamsOf<P extends PathOf<M>, M extends Method = 'get'> = Defined<ParametersAt<P, M> extends { path?: infer Q } ? Q : never>;
/** The JSON body an operation takes (never when it takes none). */
export type BodyOf<P extends PathOf<M>, M extends Method> = Defined<OperationAt<P, M> extends { requestBody?: infer B } ? JsonOf<Exclude<B, undefined>> : never>;

/** What a call passes besides its path: the path parameters, query and body its operation declares. */
export type OperationInput<P extends PathOf<M>, M extends Method> = ([PathParamsOf<P, M>] extends [never] ? { params?: never } : { params: PathParamsOf<P, M> }) &
  ([QueryOf<P, M>] extends [never] ? { query?: never } : { query?: QueryOf<P, M> }) &
  // A body that may be null may be left out (POST /api-keys takes none).
  ([BodyOf<P, M>] extends [never]
    ? { body?: never }
    : OperationAt<P, M> extends { requestBody: unknown }
      ? null extends BodyOf<P, M>
        ? { body?: BodyOf<P, M> }
        : { body: BodyOf<P, M> }
      : { body?: BodyOf<P, M> });

/** A call's options (the operation's input and a client's own `Extra`), left out when nothing is required. */
export type CallArgs<P extends PathOf<M>, M extends Method, Extra = object> =
  OperationInput<P, M> extends { params: unknown } | { body: unknown } ? [options: OperationInput<P, M> & Extra] : [options?: OperationInput<P, M> & Extra];

type KeysOfUnion<U> = U extends unknown ? keyof U : never;
type ValueIn<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/**
 * A union of shapes (a job per status) as one shape: the common fields as they are, each other
 * field optional, so a client can show whatever fields the current variant has.
 */
export type Flattened<U> = { [K in keyof U]: U[K] } & { [K in Exclude<KeysOfUnion<U>, keyof U>]?: ValueIn<U, K> };
