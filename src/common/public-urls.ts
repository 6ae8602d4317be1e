import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/** The addresses the service hands to clients, all built from BASE_URL. */
@Injectable()
export class PublicUrls {
  private readonly base: string;

  constructor(config: AppConfig) {
    this.base = config.BASE_URL.replace(/\/+$/, '');
  }

  status(requestId: string): string {
    return `${this.base}/status/${requestId}`;
  }

  download(requestId: string): string {
    return `${this.base}/download/${requestId}`;
  }
}
