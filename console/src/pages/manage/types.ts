import type { Flattened, ResponseOf } from '../../api/contract.ts';

// The REST answers these pages read, as the service's OpenAPI document declares them
// (console/src/api/contract.ts): a changed route schema is a compile error here.

/** GET /mcp_servers: the caller's view of the registry. */
export type UserServerList = ResponseOf<'/mcp_servers'>;
export type UserServer = UserServerList['servers'][number];

export type RegistryDetail = ResponseOf<'/mcp_registry/{name}'>;

export type PackList = ResponseOf<'/packs'>;
export type PackSummary = ResponseOf<'/packs/{pack_id}'>;
export type CustomPackList = ResponseOf<'/custom-packs/packs'>;
export type CustomPackDetail = ResponseOf<'/custom-packs/packs/{pack_id}'>;
export type PackServerDetail = CustomPackDetail['servers'][number];
export type CuratedPackServers = ResponseOf<'/packs/{pack_id}/servers'>;
export type PackInstall = ResponseOf<'/custom-packs/packs/{pack_id}/install'>;
export type Snippet = PackInstall['clients'][keyof PackInstall['clients']];

export type UserLimits = ResponseOf<'/billing/user-limits'>;
export type Plan = ResponseOf<'/billing/plans'>['plans'][number];
/** The plans, from the service's enum: a plan it adds or drops is a compile error where plans are listed. */
export type PlanId = Plan['id'];

/** A subscription as listed, or as created or rotated (with its secret, shown once). */
export type Webhook = Flattened<ResponseOf<'/webhooks'>['webhooks'][number] | ResponseOf<'/webhooks', 'post'>>;
export type DeliveryPage = ResponseOf<'/webhooks/{webhook_id}/deliveries'>;
export type Delivery = DeliveryPage['deliveries'][number];
export type DeliveryAttempt = Delivery['attempts'][number];

export type ApiKeyRecord = ResponseOf<'/api-keys'>['keys'][number];

export type EmbeddingSettings = ResponseOf<'/settings/embedding'>;
