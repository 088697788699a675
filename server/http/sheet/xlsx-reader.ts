import fs from 'node:fs';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';

/**
 * exceljs 4.4.0's streaming reader over random access to the file, with two repairs.
 *
 * Order: exceljs reads the zip front to back (unzipper's `Parse`); a worksheet that comes
 * before the workbook and the shared strings — as exceljs itself writes them, `xl/workbook.xml`
 * last — is copied to a temporary file whose descriptor stays open and whose removal runs only
 * when that sheet is read to its end, which an import that reads the first sheet and stops never
 * does: one descriptor and one file lost per import, until the process ran out. And now and then
 * (2 reads in 1,000 of such a file, with a consumer that waits between rows) the front-to-back
 * parse ended before `xl/workbook.xml` and the read failed. This reader opens the zip by its
 * central directory (unzipper's `Open`) and reads the entries it needs in the order it needs
 * them: the workbook's relations, the workbook, the shared strings, then the first sheet of the
 * workbook. No temporary file; every stream it opened is closed by `close()`.
 *
 * Text: exceljs decodes every chunk of a sheet's XML on its own (`TextDecoder.decode(chunk)`
 * without `stream: true`), so a Chinese character cut by a chunk boundary becomes U+FFFD
 * (exceljs issues #2063, #2084; unfixed upstream). This reader hands exceljs text decoded
 * across chunk boundaries instead: strings pass through its decoder untouched.
 *
 * Broken files: a stream's error (a truncated or corrupt entry, a file read failing) rejects
 * `failed`; readers race every step against it (`guarded`), so a broken file never hangs a read.
 */

type Chunks = AsyncIterable<Buffer | string>;

async function* decodedAcrossChunks(chunks: Chunks): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

interface WorkbookRel {
  readonly Id: string;
  readonly Target: string;
}
interface WorkbookSheet {
  readonly rId: string;
}

/** The internal steps exceljs defines: reading the XML parts of a workbook. */
interface ReaderInternals {
  workbookRels?: readonly WorkbookRel[];
  model?: { readonly sheets?: readonly WorkbookSheet[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: Chunks, sheetNo: string): Generator<unknown>;
}

const Base = ExcelJS.stream.xlsx.WorkbookReader;
const base = Base.prototype as unknown as ReaderInternals;
if (
  typeof base._parseRels !== 'function' ||
  typeof base._parseWorkbook !== 'function' ||
  typeof base._parseSharedStrings !== 'function' ||
  typeof base._parseWorksheet !== 'function'
) {
  throw new Error('exceljs WorkbookReader changed: review server/http/sheet/xlsx-reader.ts');
}

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The zip path of a relation's target (relative to `xl/`, or absolute from the zip's root). */
const partPath = (target: string): string =>
  target.startsWith('/') ? target.slice(1) : `xl/${target}`;

export class XlsxFileReader extends Base {
  /** Rejects with the first stream error; never settles for a sound file. */
  readonly failed: Promise<never>;
  private fail: (error: unknown) => void = () => undefined;
  private readonly streams = new Set<fs.ReadStream>();

  constructor(
    private readonly file: string,
    options: ConstructorParameters<typeof Base>[1],
  ) {
    super(file, options);
    this.failed = new Promise<never>((_resolve, reject) => {
      this.fail = reject;
    });
    this.failed.catch(() => undefined); // observed through races only
  }

  /** A byte range of the file, for unzipper; noted so that `close()` ends it. */
  private range(offset: number, length?: number): fs.ReadStream {
    const end = length ? offset + length : undefined;
    const stream = fs.createReadStream(this.file, { start: offset, end });
    this.streams.add(stream);
    stream.once('close', () => this.streams.delete(stream));
    stream.once('error', (error) => this.fail(error));
    return stream;
  }

  /** Every file stream this read opened, closed (after an early stop, some are still open). */
  close(): void {
    for (const stream of this.streams) stream.destroy();
    this.streams.clear();
  }

  /** exceljs' events, from the parts this read needs, in the order it needs them. */
  override async *parse(): AsyncGenerator<unknown> {
    const self = this as unknown as ReaderInternals;
    const directory = await unzipper.Open.custom({
      stream: (offset: number, length?: number) => this.range(offset, length),
      size: async () => (await fs.promises.stat(this.file)).size,
    });
    const files = new Map(directory.files.map((f) => [f.path, f]));
    const open = (path: string): Readable | null => {
      const entry = files.get(path)?.stream();
      entry?.once('error', (error: unknown) => this.fail(error));
      return entry ?? null;
    };
    const rels = open('xl/_rels/workbook.xml.rels');
    if (rels) await self._parseRels(rels);
    const book = open('xl/workbook.xml');
    if (book) await self._parseWorkbook(book);
    const strings = open('xl/sharedStrings.xml');
    if (strings) yield* self._parseSharedStrings(strings);
    const sheet = this.firstSheetPath([...files.keys()]);
    const sheetNo = sheet && SHEET_PATH.exec(sheet)?.[1];
    const entry = sheet ? open(sheet) : null;
    if (entry && sheetNo) yield* self._parseWorksheet(entry as unknown as Chunks, sheetNo);
  }

  /** The first sheet in the workbook's order, or the lowest-numbered sheet part. */
  private firstSheetPath(paths: readonly string[]): string | undefined {
    const self = this as unknown as ReaderInternals;
    const first = self.model?.sheets?.[0];
    const rel = first && self.workbookRels?.find((r) => r.Id === first.rId);
    const target = rel && partPath(rel.Target);
    if (target && SHEET_PATH.test(target) && paths.includes(target)) return target;
    const numbered = paths
      .map((path) => SHEET_PATH.exec(path))
      .filter((m): m is RegExpExecArray => m !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    return numbered[0]?.[0];
  }
}

const safe = XlsxFileReader.prototype as unknown as ReaderInternals;
safe._parseSharedStrings = async function* (this: ReaderInternals, entry: Readable) {
  entry.setEncoding('utf8'); // Node's decoder keeps a cut character for the next chunk
  yield* base._parseSharedStrings.call(this, entry);
};
safe._parseWorksheet = function* (this: ReaderInternals, iterator: Chunks, sheetNo: string) {
  yield* base._parseWorksheet.call(this, decodedAcrossChunks(iterator), sheetNo);
};

/**
 * The items of `source`, each step raced against `failed`: a step that would wait for ever
 * throws the failure instead. A source stuck in such a step is abandoned, not awaited.
 *
 * Not `Promise.race([failed, step])` per step: every race leaves a reaction on `failed`, which
 * never settles for a sound file, and that reaction keeps the step's value alive — a 100,000-row
 * sheet held every row until the read ended. One reaction on `failed` serves every step.
 */
export async function* guarded<T>(
  source: AsyncIterable<T>,
  failed: Promise<never>,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let failure: { readonly error: unknown } | null = null;
  let rejectStep: ((error: unknown) => void) | null = null;
  failed.catch((error: unknown) => {
    failure = { error };
    rejectStep?.(error);
  });
  let state: 'reading' | 'done' | 'failed' = 'reading';
  try {
    for (;;) {
      let result: IteratorResult<T>;
      try {
        if (failure) throw (failure as { readonly error: unknown }).error;
        const step = iterator.next();
        step.catch(() => undefined); // an abandoned step may still reject later
        result = await new Promise<IteratorResult<T>>((resolve, reject) => {
          rejectStep = reject;
          step.then(resolve, reject);
        });
        rejectStep = null;
        // When both have settled, the failure wins.
        if (failure) throw (failure as { readonly error: unknown }).error;
      } catch (error) {
        state = 'failed';
        throw error;
      }
      if (result.done) {
        state = 'done';
        return;
      }
      yield result.value;
    }
  } finally {
    // The caller stopped early: the source waits at a yield and closes cleanly.
    if (state === 'reading') await iterator.return?.();
  }
}
