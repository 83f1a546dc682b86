import { LRUCache } from 'lru-cache';
import type { ScopeRows } from '../../../db/retrieval/availability-facts.ts';
import { type ActiveSpace, activeSpaceFrom } from '../../../db/retrieval/user-spaces.ts';
import type { Scope } from './scope.ts';
import { scopeOf } from './scope.ts';

/** What a retrieval reads about its user before ranking: whose tools, which preferred, which vector space. */
export interface UserScope {
  scope: Scope;
  space: ActiveSpace | null;
}

/** Users kept; the least recently asked go first. An entry is a few hundred bytes. */
const MAX_USERS = 20_000;

/**
 * Per user, the scope the last retrieval saw (their enabled and own servers, their active vector
 * space), so that a retrieval ranks at once instead of waiting for a round trip of three queries
 * (7–13 ms p50 on the loaded machine, docs/retrieval.md). Fresh at every request all the same:
 * the availability facts query, which every retrieval runs after the ranking, reads the same
 * rows (db/retrieval/availability-facts.ts), and a retrieval whose kept scope differs from them
 * ranks again with what they say (api/services/retrieval/retrieve.ts). So a change made by any
 * process shows at the next request, and costs that one request a second ranking.
 */
export class ScopeCache {
  private readonly entries: LRUCache<string, UserScope>;

  constructor(maxUsers = MAX_USERS) {
    this.entries = new LRUCache({ max: maxUsers });
  }

  /** The user's kept scope, if any. */
  get(userId: string): UserScope | undefined {
    return this.entries.get(userId);
  }

  set(userId: string, value: UserScope): void {
    this.entries.set(userId, value);
  }

  /** Forgets the user (their facts could not be read, so a kept scope could not be checked). */
  delete(userId: string): void {
    this.entries.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The scope the facts query read (`rows`), as the scope stage builds it. */
export function userScopeOf(userId: string, rows: ScopeRows): UserScope {
  return { scope: scopeOf(userId, rows.enabledServers, rows.ownServers), space: activeSpaceFrom(rows.space) };
}

/** Whether two reads of a user's scope rank alike. */
export function sameUserScope(a: UserScope, b: UserScope): boolean {
  return JSON.stringify([a.scope, a.space]) === JSON.stringify([b.scope, b.space]);
}
