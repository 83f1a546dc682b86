import type { PageRoute } from '../../ui/routes.ts';
import { ApprovalsPage } from './approvals.tsx';
import { DiscoverPage } from './discover.tsx';
import { JobPage } from './job-page.tsx';
import { JobsPage } from './jobs-list.tsx';
import { ToolPage } from './tool-page.tsx';

/**
 * Discover, a tool's page with its Run form, jobs and a job followed live. A tool's address
 * is /tools/{server}/{name}, each part encoded: names are unique per server only, and MCP
 * allows a slash inside a name.
 */
export const toolRoutes: PageRoute[] = [
  { path: '/discover', nav: 'Discover', navFor: ['/tools/'], component: DiscoverPage },
  { path: '/tools/:server/:name', component: ToolPage },
  { path: '/jobs', nav: 'Jobs', component: JobsPage },
  { path: '/jobs/:job_id', component: JobPage },
  { path: '/approvals', nav: 'Approvals', component: ApprovalsPage },
];
