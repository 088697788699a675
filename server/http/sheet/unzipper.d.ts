/** The part of unzipper's API the sheet reader uses (the package ships no types). */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  /** Where `Open.custom` reads the zip's bytes from. */
  export interface ZipSource {
    stream(offset: number, length?: number): Readable;
    size(): Promise<number>;
  }
  export interface ZipEntry {
    readonly path: string;
    readonly type: 'File' | 'Directory';
    readonly uncompressedSize: number;
    /** The entry's inflated bytes, read from its local header on. */
    stream(password?: string): Readable;
  }
  export interface CentralDirectory {
    readonly files: readonly ZipEntry[];
  }
  const unzipper: {
    readonly Open: {
      custom(source: ZipSource): Promise<CentralDirectory>;
    };
  };
  export default unzipper;
}
