import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/** The addresses the service hands to clients, all built from BASE_URL. */
@Injectable()
export class PublicUrls {
  private readonly base: string;

  constructor(config: AppConfig) {
    this.base = config.BASE_URL.replace(/\/+$/, '');
  }

  /** The versioned API's base, e.g. `https://books.example.com/v1`. */
  api(): string {
    return this.base;
  }

  /** An address beside the versioned API (documentation, health), e.g. `/docs`. */
  atOrigin(path: string): string {
    return `${this.base.replace(/\/v1$/, '')}${path}`;
  }

  status(requestId: string): string {
    return `${this.base}/status/${requestId}`;
  }

  download(requestId: string): string {
    return `${this.base}/download/${requestId}`;
  }
}
