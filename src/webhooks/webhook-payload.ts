/**
 * The body of a webhook delivery: spec section 6.2, plus `errorMessage` beside
 * `error` on failure, as the status record has both (clients of the original
 * API read either).
 */
export interface WebhookPayload {
  requestId: string;
  status: 'completed' | 'failed';
  completedAt: string;
  creditsUsed: number;
  resultUrl: string | null;
  error?: string;
  errorMessage?: string;
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
  const error = job.error ?? 'Generation failed';
  return {
    requestId: job.id,
    status: 'failed',
    completedAt,
    creditsUsed: 0,
    resultUrl: null,
    error,
    errorMessage: error,
  };
}
