import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs 4.4.0's streaming reader decodes every chunk of a sheet's XML on its own
 * (`TextDecoder.decode(chunk)` without `stream: true`), so a Chinese character cut by a
 * chunk boundary becomes U+FFFD — a few cells in every large upload are silently corrupted
 * (exceljs issues #2063, #2084; unfixed upstream). This reader hands exceljs text decoded
 * across chunk boundaries instead: strings pass through its decoder untouched.
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

/** The two internal steps that read XML (shared strings, worksheets), as exceljs defines them. */
interface ReaderInternals {
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: Chunks, sheetNo: string): Generator<unknown>;
}

const Base = ExcelJS.stream.xlsx.WorkbookReader;
const base = Base.prototype as unknown as ReaderInternals;
if (typeof base._parseSharedStrings !== 'function' || typeof base._parseWorksheet !== 'function') {
  throw new Error('exceljs WorkbookReader changed: review server/modules/online/xlsx-reader.ts');
}

export class Utf8SafeWorkbookReader extends Base {}

const safe = Utf8SafeWorkbookReader.prototype as unknown as ReaderInternals;
safe._parseSharedStrings = async function* (this: ReaderInternals, entry: Readable) {
  entry.setEncoding('utf8'); // Node's decoder keeps a cut character for the next chunk
  yield* base._parseSharedStrings.call(this, entry);
};
safe._parseWorksheet = function* (this: ReaderInternals, iterator: Chunks, sheetNo: string) {
  yield* base._parseWorksheet.call(this, decodedAcrossChunks(iterator), sheetNo);
};
