import type { PageRoute } from '../../ui/routes.ts';
import { AnalyticsPage } from './analytics.tsx';
import { ModerationPage } from './moderation.tsx';
import { ServerPage } from './server-page.tsx';
import { UsersPage } from './users.tsx';
import { AuditPage } from './audit.tsx';
import { ToolHoldsPage } from './tool-holds.tsx';

/** The admin role's pages: moderation, analytics, users, tool holds, the audit log, and one server's moderation and analytics. */
export const adminRoutes: PageRoute[] = [
  { path: '/admin/moderation', nav: 'Moderation', admin: true, component: ModerationPage },
  { path: '/admin/analytics', nav: 'Analytics', admin: true, component: AnalyticsPage },
  { path: '/admin/users', nav: 'Users', admin: true, component: UsersPage },
  { path: '/admin/tool-holds', nav: 'Tool holds', admin: true, component: ToolHoldsPage },
  { path: '/admin/audit', nav: 'Audit log', admin: true, component: AuditPage },
  { path: '/admin/servers/:name', admin: true, component: ServerPage },
];
