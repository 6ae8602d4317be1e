/** The body of a webhook delivery: exactly spec section 6.2, nothing more. */
export interface WebhookPayload {
  requestId: string;
  status: 'completed' | 'failed';
  completedAt: string;
  creditsUsed: number;
  resultUrl: string | null;
  error?: string;
}

/** A job that just ended, as the webhook side needs to see it. */
export interface FinishedJob {
  id: string;
  accountId: string;
  webhookUrl: string | null;
  status: string;
  completedAt: Date | null;
  creditsUsed: number;
  error: string | null;
}

export function buildWebhookPayload(job: FinishedJob, resultUrl: string): WebhookPayload {
  if (job.status !== 'completed' && job.status !== 'failed') {
    throw new Error(`Job ${job.id} is ${job.status}; only finished jobs have a webhook`);
  }
  const completedAt = (job.completedAt ?? new Date()).toISOString();
  if (job.status === 'completed') {
    return { requestId: job.id, status: 'completed', completedAt, creditsUsed: job.creditsUsed, resultUrl };
  }
  return {
    requestId: job.id,
    status: 'failed',
    completedAt,
    creditsUsed: 0,
    resultUrl: null,
    error: job.error ?? 'Generation failed',
  };
}
