import { Placeholder } from '../../ui/placeholder.tsx';
import type { PageRoute } from '../../ui/routes.ts';

/** Servers, packs, webhooks and the account. */
export const manageRoutes: PageRoute[] = [
  { path: '/servers', nav: 'Servers', component: () => <Placeholder title="Servers" /> },
  { path: '/packs', nav: 'Packs', component: () => <Placeholder title="Packs" /> },
  { path: '/webhooks', nav: 'Webhooks', component: () => <Placeholder title="Webhooks" /> },
  { path: '/account', nav: 'Account', component: () => <Placeholder title="Account" /> },
];
