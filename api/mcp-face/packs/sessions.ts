import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { User } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { loadListing } from './tool-set-server.ts';
import type { Listing, ToolSetScope } from './tool-set-server.ts';

export interface ToolSetSession {
  id: string;
  scope: ToolSetScope;
  /** The user who opened the session: only they may use it; refreshed on each of their requests. */
  user: User;
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** What the client was last shown (or told about): a different one means tools/list_changed. */
  fingerprint: string;
  /** The latest listing read for this session (tools/list, a call, or the poller). */
  listing?: Listing;
  lastUsed: number;
}

export interface SessionOptions {
  /** How often open sessions' tool sets are compared with what their clients saw. */
  pollMs: number;
  /** A session nobody used for this long is closed (its client must initialize again). */
  idleMs: number;
  /** Open sessions per user; opening one more closes that user's least recently used. */
  perUser: number;
}

export const DEFAULT_SESSION_OPTIONS: SessionOptions = { pollMs: 2_000, idleMs: 60 * 60_000, perUser: 32 };

/**
 * The open sessions of the pack endpoints in this API process, and the one timer that tells
 * them when their tool set changed. Changes come from many writers (pack edits, server
 * toggles, registry refreshes in the worker, other replicas), so instead of hooks in each the
 * timer re-reads each (user, scope) set once per tick and compares fingerprints
 * (docs/decisions.md, "Packs as MCP endpoints").
 */
export class ToolSetSessions {
  private readonly sessions = new Map<string, ToolSetSession>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly log: Logger,
    private readonly options: SessionOptions = DEFAULT_SESSION_OPTIONS,
  ) {}

  get(id: string): ToolSetSession | undefined {
    return this.sessions.get(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  add(session: ToolSetSession): void {
    this.sessions.set(session.id, session);
    const mine = [...this.sessions.values()].filter((s) => s.user.id === session.user.id).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.options.perUser))) void this.close(old.id);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.options.pollMs);
      this.timer.unref();
    }
  }

  /** Forgets the session and closes its transport (ending any open stream). */
  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session.server.close().catch((err: unknown) => this.log.warn({ err, session: id }, 'closing an MCP session failed'));
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  /** One pass: expire idle sessions, then read each distinct (user, scope) set once and notify where it changed. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = Date.now();
      for (const session of [...this.sessions.values()]) {
        if (now - session.lastUsed > this.options.idleMs) await this.close(session.id);
      }
      const groups = new Map<string, ToolSetSession[]>();
      for (const session of this.sessions.values()) {
        const key = `${session.user.id}\u0000${session.scope.key}`;
        groups.set(key, [...(groups.get(key) ?? []), session]);
      }
      for (const group of groups.values()) await this.check(group);
      if (this.sessions.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    } finally {
      this.ticking = false;
    }
  }

  private async check(group: ToolSetSession[]): Promise<void> {
    const first = group[0] as ToolSetSession;
    let fingerprint: string;
    let listing: Listing | undefined;
    try {
      listing = await loadListing(this.deps, first.scope, first.user);
      fingerprint = listing.fingerprint;
    } catch (err) {
      // A pack deleted (or no longer visible) lists nothing any more: that is a change too.
      if ((err as { status?: number }).status !== 404) return void this.log.warn({ err, scope: first.scope.key }, 'reading an MCP tool set failed');
      fingerprint = 'gone';
    }
    for (const session of group) {
      session.listing = listing;
      if (session.fingerprint === fingerprint) continue;
      session.fingerprint = fingerprint;
      await session.server.sendToolListChanged().catch((err: unknown) => this.log.debug({ err, session: session.id }, 'list_changed not delivered'));
    }
  }
}
