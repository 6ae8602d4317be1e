import { Module } from '@nestjs/common';
import { ScriptoriumExtension } from '../../src/extensions/scriptorium-extension.decorator';
import { FixedOutlineBookProvider, HOUSE_IMPRINT } from './fixed-outline-book.provider';
import { ReadingTimeMarkdownRenderer } from './reading-time-markdown.renderer';

/**
 * A team's extension: model 3.0 books come from its fixed-outline provider,
 * and `md` downloads from its reading-time renderer; everything else stays as
 * shipped. The service takes it with
 * `AppModule.forRole(config, { extensions: [ReadingRoomModule] })` (see main.ts).
 * What it contributes is named in @ScriptoriumExtension, and provided and
 * exported by the module like any Nest provider, so it can inject what it needs.
 */
@ScriptoriumExtension({
  bookProviders: [{ models: ['3.0'], provider: FixedOutlineBookProvider }],
  renderers: [ReadingTimeMarkdownRenderer],
})
@Module({
  providers: [
    { provide: HOUSE_IMPRINT, useValue: 'Reading Room Press' },
    FixedOutlineBookProvider,
    ReadingTimeMarkdownRenderer,
  ],
  exports: [FixedOutlineBookProvider, ReadingTimeMarkdownRenderer],
})
export class ReadingRoomModule {}
