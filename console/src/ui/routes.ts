import type { ComponentType } from 'react';

/** One page of the console: its path under /console, and its place in the navigation if any. */
export interface PageRoute {
  path: string;
  component: ComponentType<{ params: Record<string, string | undefined> }>;
  /** Shown in the navigation with this label. */
  nav?: string;
  /** Other path prefixes under which this navigation entry is the current one (a tool page belongs to Discover). */
  navFor?: string[];
  /** Only for the admin role (the navigation hides it; the service refuses others anyway). */
  admin?: boolean;
}
