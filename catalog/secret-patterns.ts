// Shapes of real credentials. The harvest redacts them and the catalog test fails on
// them: the catalog is public data and must never carry a live token.
export const SECRET_PATTERNS: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{60,}\b/,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/, // GitLab
  /\bxox[abposr]-\d+-\d+-[A-Za-z0-9-]{10,}\b/, // Slack
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key id
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{32,}\b/, // OpenAI / Anthropic style keys
  /\bsk_live_[A-Za-z0-9]{20,}\b/, // Stripe live key
  /\bAIza[0-9A-Za-z_-]{35}\b/, // Google API key
  /\bnpm_[A-Za-z0-9]{36}\b/,
  /\bntn_[A-Za-z0-9]{40,}\b/, // Notion integration token
  /\blin_api_[A-Za-z0-9]{32,}\b/, // Linear
  /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/,
  /\beyJ[A-Za-z0-9_-]{20,}\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/, // signed JWT
];

/** The first credential-looking substring of `text`, if any. */
export function findSecret(text: string): string | undefined {
  for (const pattern of SECRET_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}
