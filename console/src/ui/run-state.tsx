import { Link } from 'wouter';
import type { ResponseOf } from '../api/contract.ts';

type Availability = NonNullable<ResponseOf<'/v1/tools/{tool_name}'>['data']['availability']>;

const LABEL: Record<Availability['state'], string> = {
  ready: 'Ready',
  installable: 'Installs on first call',
  needs_credentials: 'Needs credentials',
  unsupported: 'Unsupported here',
  disabled: 'Disabled',
};

/**
 * What a call of this tool needs from the person first (availability.state): nothing for a ready
 * tool, so nothing is shown; a link to the server's credentials form when they must set some.
 */
export function RunState({ availability, server }: { availability: Availability | undefined; server: string }) {
  if (!availability || availability.state === 'ready') return null;
  const why = availability.reasons.map((r) => r.message).join('; ');
  const tone = availability.state === 'installable' ? '' : availability.state === 'needs_credentials' ? 'warn' : 'bad';
  const label =
    availability.state === 'installable' && availability.expected_install_seconds ? `${LABEL.installable} (~${availability.expected_install_seconds} s)` : LABEL[availability.state];
  const badge = (
    <span className={`badge ${tone}`} title={why} data-testid="run-state">
      {label}
      <span className="sr-only">: {why}</span>
    </span>
  );
  return availability.state === 'needs_credentials' ? <Link href={`/servers/${encodeURIComponent(server)}#credentials`}>{badge}</Link> : badge;
}
