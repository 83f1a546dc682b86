import type { CuratedPack } from '../../db/registry/curated-packs.ts';

/**
 * The curated capability packs. Servers are registry names; a pack links those present after
 * the sync (reference servers always, catalog ones when the harvested catalog has them).
 */
export const CURATED_PACKS: CuratedPack[] = [
  {
    id: 'developer-essentials',
    name: 'Developer Essentials',
    description: 'Files, memory, structured reasoning and source control for everyday coding agents.',
    servers: ['filesystem', 'memory', 'sequential-thinking', 'everything', 'git', 'github'],
  },
  {
    id: 'knowledge-and-reasoning',
    name: 'Knowledge and Reasoning',
    description: 'A persistent knowledge graph plus step-by-step thinking for long tasks.',
    servers: ['memory', 'sequential-thinking'],
  },
  {
    id: 'mcp-reference',
    name: 'MCP Reference Servers',
    description: 'The four npm reference servers: a sandbox to try every MCP feature.',
    servers: ['everything', 'memory', 'filesystem', 'sequential-thinking'],
  },
  {
    id: 'source-control',
    name: 'Source Control',
    description: 'Repositories, issues and pull requests across Git hosts.',
    servers: ['github', 'gitlab', 'git', 'bitbucket', 'azure-devops-repos'],
  },
  {
    id: 'cloud-infrastructure',
    name: 'Cloud Infrastructure',
    description: 'Containers, clusters and cloud resources.',
    servers: ['docker', 'kubernetes', 'terraform', 'aws-api', 'cloudflare', 'azure', 'gcloud'],
  },
  {
    id: 'observability',
    name: 'Observability',
    description: 'Errors, metrics, logs and incidents.',
    servers: ['sentry', 'datadog', 'grafana', 'prometheus', 'pagerduty', 'aws-cloudwatch'],
  },
  {
    id: 'team-communication',
    name: 'Team Communication',
    description: 'Chat, e-mail and messaging for notifying people and reading conversations.',
    servers: ['slack', 'discord', 'microsoft-teams', 'gmail', 'telegram', 'twilio', 'zoom'],
  },
  {
    id: 'data-and-databases',
    name: 'Data and Databases',
    description: 'Query and manage SQL and NoSQL databases.',
    servers: ['postgres', 'sqlite', 'mysql', 'mongodb', 'redis', 'supabase', 'elasticsearch'],
  },
  {
    id: 'delivery-pipelines',
    name: 'Delivery Pipelines',
    description: 'Builds, deployments and CI/CD runs.',
    servers: ['circleci', 'jenkins', 'gitlab-ci', 'vercel', 'netlify', 'argocd', 'azure-devops'],
  },
];
