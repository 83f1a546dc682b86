// The curated seed list: every published MCP server the harvest installs, grouped by
// category in seeds/ so each file stays one line per server.
import type { Seed } from './seed-types.ts';
import { ciCd } from './seeds/ci-cd.ts';
import { communication } from './seeds/communication.ts';
import { custom } from './seeds/custom.ts';
import { databases } from './seeds/databases.ts';
import { development } from './seeds/development.ts';
import { infrastructure } from './seeds/infrastructure.ts';
import { messaging } from './seeds/messaging.ts';
import { monitoring } from './seeds/monitoring.ts';
import { versionControl } from './seeds/version-control.ts';

export const SEEDS: Seed[] = [...versionControl, ...infrastructure, ...monitoring, ...messaging, ...databases, ...ciCd, ...development, ...communication, ...custom];
