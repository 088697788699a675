import type { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs 4.4.0's streaming reader, with two repairs.
 *
 * Text: it decodes every chunk of a sheet's XML on its own (`TextDecoder.decode(chunk)` without
 * `stream: true`), so a Chinese character cut by a chunk boundary becomes U+FFFD — a few cells
 * in every large upload are silently corrupted (exceljs issues #2063, #2084; unfixed upstream).
 * This reader hands exceljs text decoded across chunk boundaries instead: strings pass through
 * its decoder untouched.
 *
 * Broken files: the zip parser (unzipper) reports a corrupt or truncated entry as an `error`
 * event that exceljs only looks at when it asks for the next entry, while it waits for the
 * broken entry to end — which never happens, so the read hangs for ever. `failed` rejects on
 * the parser's first error; readers race every step against it (`guarded`).
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

/** The internal steps exceljs defines: opening the input, reading XML (strings, worksheets). */
interface ReaderInternals {
  _getStream(input: unknown): Readable;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: Chunks, sheetNo: string): Generator<unknown>;
}

const Base = ExcelJS.stream.xlsx.WorkbookReader;
const base = Base.prototype as unknown as ReaderInternals;
if (
  typeof base._getStream !== 'function' ||
  typeof base._parseSharedStrings !== 'function' ||
  typeof base._parseWorksheet !== 'function'
) {
  throw new Error('exceljs WorkbookReader changed: review server/http/sheet/xlsx-reader.ts');
}

export class Utf8SafeWorkbookReader extends Base {
  /** Rejects with the zip parser's first error; never settles for a sound file. */
  readonly failed: Promise<never>;
  private fail: (error: unknown) => void = () => undefined;

  constructor(input: Readable, options: ConstructorParameters<typeof Base>[1]) {
    super(input, options);
    this.failed = new Promise<never>((_resolve, reject) => {
      this.fail = reject;
    });
    this.failed.catch(() => undefined); // observed through races only
  }

  /** Called with the stream exceljs pipes the upload into (the zip parser). */
  watchParser(sink: NodeJS.WritableStream): void {
    const parser = sink as unknown as Readable;
    // The parser hands out entries by pushing them; note those still being written.
    const open = new Set<Writable>();
    const push = parser.push.bind(parser);
    parser.push = (chunk: unknown, encoding?: BufferEncoding) => {
      const entry = chunk as Writable | null;
      if (typeof entry?.end === 'function') {
        open.add(entry);
        entry.once('finish', () => open.delete(entry));
      }
      return push(chunk, encoding);
    };
    parser.once('error', (error) => {
      this.fail(error);
      // Once the readers have given up, end the broken entries so exceljs unwinds: it then
      // meets the error itself and closes the temporary file it was copying an entry to.
      setImmediate(() => open.forEach((entry) => entry.end()));
    });
  }
}

const safe = Utf8SafeWorkbookReader.prototype as unknown as ReaderInternals;
safe._getStream = function (this: Utf8SafeWorkbookReader, input: unknown) {
  const stream = base._getStream.call(this, input);
  const pipe = stream.pipe.bind(stream);
  stream.pipe = <T extends NodeJS.WritableStream>(parser: T, options?: { end?: boolean }) => {
    this.watchParser(parser);
    return pipe(parser, options);
  };
  return stream;
};
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
