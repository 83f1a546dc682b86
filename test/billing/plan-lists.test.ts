import { describe, expect, it } from 'vitest';
import { AGENT_RUN_STATUSES, paidPlan } from '../../contracts/index.ts';
import { FINAL_JOB_STATUSES, JOB_STATUSES, PLAN_IDS, agentRuns, isFinalJobStatus } from '../../db/schema/index.ts';
import { PLANS, isUpgrade } from '../../api/services/billing/plans.ts';

// db/schema declares the plans, roles and job statuses once; contracts/ may not import db/
// (eslint.config.js), so its two lists of the same things are held equal here instead.
describe('the service has one list of plans and statuses', () => {
  it("contracts' paid plans are every plan but free", () => {
    expect(paidPlan.options).toEqual(PLAN_IDS.filter((p) => p !== 'free'));
  });

  it('the plan table and upgrades follow PLAN_IDS, cheapest first', () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PLAN_IDS]);
    expect(PLANS.map((p) => p.price)).toEqual([...PLANS.map((p) => p.price)].sort((a, b) => a - b));
    expect(isUpgrade('free', 'pro')).toBe(true);
    expect(isUpgrade('enterprise', 'pro')).toBe(false);
  });

  it('final job statuses are job statuses, and only those are final', () => {
    expect(JOB_STATUSES.filter(isFinalJobStatus)).toEqual([...FINAL_JOB_STATUSES]);
    expect(isFinalJobStatus('running')).toBe(false);
  });

  it("the agent_runs status column lists contracts' run statuses", () => {
    expect(agentRuns.status.enumValues).toEqual([...AGENT_RUN_STATUSES]);
  });
});
