// Email, calendars, documents, workspaces and collaboration suites, CRM.
import { seedGroup } from '../seed-types.ts';

const GOOGLE = 'https://console.cloud.google.com/apis/credentials';

export const communication = seedGroup('communication', [
  ['npm', '@gongrzhe/server-gmail-autoauth-mcp', ['gmail', 'email', 'google'], { docs: false, setup: GOOGLE, name: 'gmail' }],
  ['npm', '@cocal/google-calendar-mcp', ['google-calendar', 'calendar', 'events'], { config: { GOOGLE_OAUTH_CREDENTIALS: '{dir}/gcp-oauth.keys.json' }, setup: GOOGLE, name: 'google-calendar' }],
  ['npm', '@softeria/ms-365-mcp-server', ['microsoft-365', 'outlook', 'onedrive', 'teams'], { setup: 'https://entra.microsoft.com', name: 'microsoft-365' }],
  ['npm', '@a-bonus/google-docs-mcp', ['google-docs', 'sheets', 'drive'], { setup: GOOGLE, name: 'google-docs' }],
  ['npm', '@piotr-agier/google-drive-mcp', ['google-drive', 'docs', 'sheets', 'slides'], { setup: GOOGLE, name: 'google-drive' }],
  ['npm', '@dguido/google-workspace-mcp', ['google-workspace', 'drive', 'gmail', 'calendar'], { setup: GOOGLE, name: 'google-workspace' }],
  ['npm', '@presto-ai/google-workspace-mcp', ['google-workspace', 'drive', 'gmail'], { setup: GOOGLE, name: 'google-workspace-presto' }],
  ['npm', '@modelcontextprotocol/server-gdrive', ['google-drive', 'files'], { setup: GOOGLE, name: 'gdrive' }],
  ['npm', '@isaacphi/mcp-gdrive', ['google-drive', 'sheets'], { env: ['CLIENT_ID', 'CLIENT_SECRET'], setup: GOOGLE, name: 'gdrive-sheets' }],
  ['npm', 'mcp-google-calendar', ['google-calendar', 'calendar'], { setup: GOOGLE, name: 'google-calendar-basic' }],
  ['npm', '@codefuturist/email-mcp', ['email', 'imap', 'smtp'], { name: 'email-imap' }],
  ['npm', 'resend-mcp', ['resend', 'email', 'transactional'], { env: ['RESEND_API_KEY'], setup: 'https://resend.com/api-keys', name: 'resend' }],
  ['npm', '@notionhq/notion-mcp-server', ['notion', 'docs', 'wiki', 'databases'], { env: ['NOTION_TOKEN'], setup: 'https://www.notion.so/profile/integrations', name: 'notion' }],
  ['npm', '@hubspot/mcp-server', ['hubspot', 'crm'], { env: ['PRIVATE_APP_ACCESS_TOKEN'], name: 'hubspot' }],
  ['npm', 'attio-mcp-server', ['attio', 'crm'], { env: ['ATTIO_API_KEY'], name: 'attio' }],
  ['npm', '@discourse/mcp', ['discourse', 'forum', 'community'], { name: 'discourse' }],
  ['npm', 'caldav-mcp', ['caldav', 'calendar'], { env: ['CALDAV_USERNAME', 'CALDAV_PASSWORD'], config: { CALDAV_BASE_URL: 'http://127.0.0.1:9' }, name: 'caldav' }],
  ['npm', '@merill/lokka', ['microsoft-graph', 'entra', 'azure'], { name: 'lokka' }],
  ['npm', '@pnp/cli-microsoft365-mcp-server', ['microsoft-365', 'sharepoint', 'cli'], { name: 'cli-microsoft365' }],
  ['npm', 'icloud-mcp', ['icloud', 'email', 'calendar'], { env: ['IMAP_USER', 'IMAP_PASSWORD'], name: 'icloud' }],
  ['npm', '@roychri/mcp-server-asana', ['asana', 'tasks', 'projects'], { env: ['ASANA_ACCESS_TOKEN'], setup: 'https://app.asana.com/0/my-apps', name: 'asana' }],
  ['npm', '@delorenj/mcp-server-trello', ['trello', 'boards', 'cards'], { env: ['TRELLO_API_KEY', 'TRELLO_TOKEN'], config: { TRELLO_BOARD_ID: 'placeholder-board' }, setup: 'https://trello.com/power-ups/admin', name: 'trello' }],
  ['npm', '@mondaydotcomorg/monday-api-mcp', ['monday', 'boards', 'work-management'], { env: ['MONDAY_TOKEN'], name: 'monday' }],
  ['npm', 'todoist-mcp', ['todoist', 'tasks'], { env: ['API_KEY'], name: 'todoist' }],
  ['npm', '@k-jarzyna/mcp-miro', ['miro', 'whiteboard'], { env: ['MIRO_ACCESS_TOKEN'], name: 'miro' }],
  ['npm', '@iterable/mcp', ['iterable', 'marketing', 'campaigns'], { env: ['ITERABLE_API_KEY'], name: 'iterable' }],
  ['pypi', 'workspace-mcp', ['google-workspace', 'gmail', 'calendar', 'docs'], { env: ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'], setup: GOOGLE, name: 'google-workspace-python' }],
  ['pypi', 'zoom-meetings-mcp', ['zoom', 'meetings', 'recordings'], { env: ['ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'], name: 'zoom' }],
]);
