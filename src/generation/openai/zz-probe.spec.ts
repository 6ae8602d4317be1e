import { writeFileSync } from 'node:fs';
import { bookRequest, generationContext, startProvider } from './testing/provider-harness';

jest.setTimeout(600_000);

it('probe', async () => {
  const { provider, server } = await startProvider({}, { concurrency: 4 });
  try {
    const context = generationContext();
    const outcome = await provider.generate(
      bookRequest({
        type: process.env.PROBE_TYPE ?? 'novel',
        style: process.env.PROBE_STYLE ?? 'drama',
        prompt: process.env.PROBE_PROMPT ?? 'A retired cellist in Lisbon teaches her estranged grandson to play before her hearing goes. End on their first concert together.',
      } as never),
      context,
    );
    const out = process.env.PROBE_OUT ?? '/tmp/probe';
    writeFileSync(`${out}/outcome.json`, JSON.stringify(outcome, null, 2));
    writeFileSync(`${out}/messages.txt`, context.messages.join('\n'));
    server.calls.forEach((call) => {
      writeFileSync(
        `${out}/call-${String(call.index).padStart(3, '0')}-${call.kind}-${call.name ?? call.notesName ?? ''}.txt`,
        call.messages.map((m) => `=== ${m.role}\n${m.content}`).join('\n\n') + `\n\n=== finish ${call.finishReason}`,
      );
    });
  } finally {
    await server.close();
  }
});
