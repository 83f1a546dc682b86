export type EventKind =
  | 'job.queued'
  | 'job.started'
  | 'job.completed'
  | 'job.failed'
  | 'job.canceled'
  | 'tool.executed'
  | 'tool.execution.completed'
  | 'tool.execution.failed'
  | 'agent.run.completed'
  | 'agent.run.failed'
  | 'pack.enabled'
  | 'server.installed'
  | 'approval.requested';

export interface EventRecord {
  id: string;
  kind: EventKind;
  userId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}
