import { Placeholder } from '../../ui/placeholder.tsx';
import type { PageRoute } from '../../ui/routes.ts';

/** Discover, a tool's page with its Run form, jobs and a job followed live. */
export const toolRoutes: PageRoute[] = [
  { path: '/discover', nav: 'Discover', component: () => <Placeholder title="Discover" /> },
  { path: '/jobs', nav: 'Jobs', component: () => <Placeholder title="Jobs" /> },
];
