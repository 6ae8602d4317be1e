import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { LegacyPathInterceptor } from './legacy-alias';
import { PublicUrls } from './public-urls';

@Global()
@Module({
  providers: [PublicUrls, { provide: APP_INTERCEPTOR, useClass: LegacyPathInterceptor }],
  exports: [PublicUrls],
})
export class CommonModule {}
