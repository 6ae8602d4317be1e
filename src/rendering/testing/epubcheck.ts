/** Runs the real epubcheck (Debian's package, Java) on EPUB files: shared by the renderer and engine tests. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The /usr/bin/epubcheck wrapper of the Debian package does not run here (see STACK-NOTES).
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
// Starting a JVM per book costs 3-5 s, checking one in a warm JVM well under
// one, so each JVM checks a share of the books through epubcheck's own
// command-line entry point (the same options and JSON report as the CLI).
const EPUBCHECK_BATCH = `
public class EpubcheckBatch {
  public static void main(String[] args) {
    for (int i = 0; i + 1 < args.length; i += 2) {
      new com.adobe.epubcheck.tool.EpubChecker().run(new String[] { args[i], "--json", args[i + 1], "--quiet" });
    }
  }
}
`;
const EPUBCHECK_JVMS = 2;
const run = promisify(execFile);

interface EpubcheckMessage {
  ID: string;
  severity: string;
  message: string;
  locations: Array<{ path: string; line: number; column: number }>;
}

export interface EpubcheckReport {
  messages: EpubcheckMessage[];
  checker: { nFatal: number; nError: number; nWarning: number };
}

/** Runs the real epubcheck on every file and returns its JSON report per name. */
export async function epubcheckAll(files: ReadonlyMap<string, Buffer>): Promise<Map<string, EpubcheckReport>> {
  const directory = await mkdtemp(join(tmpdir(), 'epubcheck-'));
  try {
    const batch = join(directory, 'EpubcheckBatch.java');
    await writeFile(batch, EPUBCHECK_BATCH);
    const names = [...files.keys()];
    for (const [name, epub] of files) await writeFile(join(directory, `${name}.epub`), epub);
    const shares = Array.from({ length: EPUBCHECK_JVMS }, (_, share) =>
      names.filter((_name, index) => index % EPUBCHECK_JVMS === share),
    );
    await Promise.all(
      shares
        .filter((share) => share.length > 0)
        .map((share) =>
          run(
            'java',
            [
              // A short-lived JVM on two cores: the optimising compiler's threads and the parallel collector
              // cost more than they win. These two halved the CPU time of the epubcheck specs (44 -> 23 s).
              '-XX:TieredStopAtLevel=1',
              '-XX:+UseSerialGC',
              '-cp',
              EPUBCHECK_JAR,
              batch,
              ...share.flatMap((name) => [join(directory, `${name}.epub`), join(directory, `${name}.json`)]),
            ],
            { maxBuffer: 64 * 1024 * 1024 },
          ),
        ),
    );
    const reports = new Map<string, EpubcheckReport>();
    for (const name of names) {
      const report = await readFile(join(directory, `${name}.json`), 'utf8').catch(() => {
        throw new Error(`epubcheck wrote no report for ${name}`);
      });
      reports.set(name, JSON.parse(report) as EpubcheckReport);
    }
    return reports;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export function problems(report: EpubcheckReport | undefined): string[] {
  if (!report) return ['no report'];
  return report.messages
    .filter((message) => ['FATAL', 'ERROR', 'WARNING'].includes(message.severity))
    .map((message) => {
      const where = message.locations[0];
      return `${message.severity} ${message.ID} ${where ? `${where.path}:${where.line}` : ''} ${message.message}`;
    });
}
