// Git hosting, repositories, code review.
import { seedGroup } from '../seed-types.ts';

const GH = { env: ['GITHUB_PERSONAL_ACCESS_TOKEN'], setup: 'https://github.com/settings/personal-access-tokens' };
const GL = { env: ['GITLAB_PERSONAL_ACCESS_TOKEN'], setup: 'https://gitlab.com/-/user_settings/personal_access_tokens', config: { GITLAB_API_URL: 'http://127.0.0.1:9/api/v4' } };
const BB = 'https://bitbucket.org/account/settings/app-passwords/';

export const versionControl = seedGroup('version-control', [
  ['npm', '@modelcontextprotocol/server-github', ['github', 'git', 'issues', 'pull-requests'], { ...GH, name: 'github' }],
  ['npm', '@modelcontextprotocol/server-gitlab', ['gitlab', 'git', 'merge-requests'], { ...GL, name: 'gitlab' }],
  ['npm', '@zereight/mcp-gitlab', ['gitlab', 'git', 'merge-requests', 'pipelines', 'wiki'], { ...GL, name: 'gitlab-extended' }],
  ['pypi', 'mcp-server-git', ['git', 'local', 'repository'], { name: 'git' }],
  ['npm', '@cyanheads/git-mcp-server', ['git', 'local', 'repository'], { name: 'git-cyanheads' }],
  ['npm', 'github-mcp-server', ['github', 'git', 'repository'], { env: ['GITHUB_TOKEN'], setup: GH.setup, name: 'github-repo-tools' }],
  ['npm', 'mcp-git', ['git', 'local'], { name: 'git-lite' }],
  ['npm', 'octocode-mcp', ['github', 'code-search', 'research'], { env: ['GITHUB_TOKEN'], optionalAuth: true, setup: GH.setup }],
  ['npm', 'mcp-github-project-manager', ['github', 'projects', 'planning'], { env: ['GITHUB_TOKEN'], config: { GITHUB_OWNER: 'placeholder-owner', GITHUB_REPO: 'placeholder-repo' }, setup: GH.setup }],
  ['npm', '@missionsquad/mcp-github', ['github', 'git', 'issues'], { ...GH, name: 'github-missionsquad' }],
  ['npm', 'github-enterprise-mcp-server', ['github', 'enterprise'], { env: ['GITHUB_TOKEN'], config: { GITHUB_ENTERPRISE_URL: 'http://127.0.0.1:9/api/v3', GITHUB_ENTERPRISE_ENDPOINT: 'http://127.0.0.1:9/api/v3' }, setup: GH.setup }],
  ['npm', 'github-mcp', ['github', 'git'], { env: ['GITHUB_TOKEN'], setup: GH.setup, name: 'github-basic' }],
  ['npm', '@aashari/mcp-server-atlassian-bitbucket', ['bitbucket', 'atlassian', 'pull-requests'], { env: ['ATLASSIAN_USER_EMAIL', 'ATLASSIAN_API_TOKEN'], setup: BB, name: 'bitbucket-cloud' }],
  ['npm', '@nexus2520/bitbucket-mcp-server', ['bitbucket', 'pull-requests', 'branches'], { env: ['BITBUCKET_USERNAME', 'BITBUCKET_APP_PASSWORD'], setup: BB, name: 'bitbucket' }],
  ['npm', 'bitbucket-mcp', ['bitbucket', 'repositories'], { env: ['BITBUCKET_USERNAME', 'BITBUCKET_PASSWORD'], config: { BITBUCKET_URL: 'http://127.0.0.1:9/2.0' }, setup: BB, name: 'bitbucket-api' }],
  ['npm', '@tiberriver256/mcp-server-azure-devops', ['azure-devops', 'repos', 'work-items'], { env: ['AZURE_DEVOPS_PAT'], config: { AZURE_DEVOPS_ORG_URL: 'http://127.0.0.1:9/placeholder', AZURE_DEVOPS_AUTH_METHOD: 'pat' }, setup: 'https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate', name: 'azure-devops-repos' }],
]);
