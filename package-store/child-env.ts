import path from 'node:path';

/**
 * What npm, uv and pip see of our environment: how to reach the registries (PATH, proxies, the
 * machine's CA bundle) and nothing else. The service's own variables (database URL, admin key,
 * JWT secret) must not reach a package manager, let alone a package's install script. HOME and
 * the caches are the store's own, so the operator's ~/.npmrc and ~/.cache stay out of it.
 */
const PASSED = [
  'PATH',
  'LANG',
  'TZ',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'PIP_CERT',
];

export function childEnv(root: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  // The process's network settings, read here only: they belong to the machine, not to our config.
  for (const name of PASSED) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  return {
    ...env,
    HOME: path.join(root, 'home'),
    npm_config_cache: path.join(root, 'cache', 'npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    UV_CACHE_DIR: path.join(root, 'cache', 'uv'),
    // Only the package registries are reachable: uv must use the machine's interpreters.
    UV_PYTHON_DOWNLOADS: 'never',
    UV_NO_PROGRESS: '1',
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
    // Packages that fetch browsers at install time cannot reach those hosts here.
    PUPPETEER_SKIP_DOWNLOAD: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    ...extra,
  };
}
