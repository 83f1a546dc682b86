import { Link } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { ErrorNotice } from '../../ui/states.tsx';

/**
 * A failed change. PLAN_LIMIT_EXCEEDED is not a fault but an allowance reached: it says what
 * the plan allows, what is used, and links to the upgrade on the account page.
 */
export function ActionError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === 'PLAN_LIMIT_EXCEEDED') {
    const { plan, limit, current_count: current, upgrade_to: upgradeTo } = error.details as { plan?: string; limit?: number; current_count?: number; upgrade_to?: string };
    return (
      <div className="state plan-limit" role="alert">
        <p>
          <strong>Plan limit reached.</strong> {error.message}
        </p>
        {plan !== undefined && limit !== undefined && (
          <p className="hint">
            Your {plan} plan allows {limit}; you have {current ?? limit}.
          </p>
        )}
        <p>
          <Link href="/account#upgrade">{upgradeTo ? `Upgrade to ${upgradeTo}` : 'See the plans'}</Link> on your account page.
        </p>
      </div>
    );
  }
  return <ErrorNotice error={error} />;
}
