/** Every Bull queue of the service, and the data each job carries. */
export enum QueueName {
  Generation = 'book-generation',
  WebhookDelivery = 'webhook-delivery',
}

export interface GenerationJobData {
  jobId: string;
}

export interface WebhookDeliveryJobData {
  deliveryId: string;
}
