import { Global, Module } from '@nestjs/common';
import { PublicUrls } from './public-urls';

@Global()
@Module({
  providers: [PublicUrls],
  exports: [PublicUrls],
})
export class CommonModule {}
