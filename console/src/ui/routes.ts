import type { ComponentType } from 'react';

/** One page of the console: its path under /console, and its place in the navigation if any. */
export interface PageRoute {
  path: string;
  component: ComponentType<{ params: Record<string, string | undefined> }>;
  /** Shown in the navigation with this label. */
  nav?: string;
  /** Only for the admin role (the navigation hides it; the service refuses others anyway). */
  admin?: boolean;
}
