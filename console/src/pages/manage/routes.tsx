import type { PageRoute } from '../../ui/routes.ts';
import { AccountPage } from './account.tsx';
import { PackPage } from './pack-page.tsx';
import { PacksPage } from './packs.tsx';
import { ServerPage } from './server-page.tsx';
import { ServersPage } from './servers.tsx';
import { WebhookPage } from './webhook-page.tsx';
import { WebhooksPage } from './webhooks.tsx';

/** Servers, packs, webhooks and the account. */
export const manageRoutes: PageRoute[] = [
  { path: '/servers', nav: 'Servers', component: ServersPage },
  { path: '/servers/:name', component: ServerPage },
  { path: '/packs', nav: 'Packs', component: PacksPage },
  { path: '/packs/:id', component: PackPage },
  { path: '/webhooks', nav: 'Webhooks', component: WebhooksPage },
  { path: '/webhooks/:id', component: WebhookPage },
  { path: '/account', nav: 'Account', component: AccountPage },
];
