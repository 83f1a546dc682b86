import { Placeholder } from '../../ui/placeholder.tsx';
import type { PageRoute } from '../../ui/routes.ts';

/** The admin role's pages: moderation, analytics, users. */
export const adminRoutes: PageRoute[] = [
  { path: '/admin/moderation', nav: 'Moderation', admin: true, component: () => <Placeholder title="Moderation" /> },
  { path: '/admin/analytics', nav: 'Analytics', admin: true, component: () => <Placeholder title="Analytics" /> },
];
