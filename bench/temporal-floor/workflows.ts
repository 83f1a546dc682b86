// The smallest workflows a run can be: what Temporal itself costs on this machine.
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

interface FloorActivities {
  noop(): Promise<number>;
}

const remote = proxyActivities<FloorActivities>({ startToCloseTimeout: '10 seconds' });
const local = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '10 seconds' });

export async function emptyWorkflow(): Promise<number> {
  return 1;
}

export async function oneLocalActivityWorkflow(): Promise<number> {
  return local.noop();
}

export async function oneActivityWorkflow(): Promise<number> {
  return remote.noop();
}
