import { describe, expect, it } from 'vitest';
import {
  UNKNOWN_FILE_NAME,
  fileNameOf,
  isImagePath,
  joinFilePaths,
  shortenName,
  splitFilePaths,
  staticFileUrl,
} from '../../src/contracts/files';

describe('stored file values', () => {
  it('splits a comma-joined value and drops empty entries', () => {
    expect(splitFilePaths('temp/a.png, ,temp/b.pdf,')).toEqual(['temp/a.png', 'temp/b.pdf']);
    expect(splitFilePaths(null)).toEqual([]);
    expect(joinFilePaths(['temp/a.png', '', 'temp/b.pdf'])).toBe('temp/a.png,temp/b.pdf');
  });

  it('reads the name of a stored path without the server suffix', () => {
    expect(fileNameOf('temp/20261127/合同_1a2b3c4d5e6f.pdf')).toBe('合同.pdf');
    expect(fileNameOf('/system/sys/common/static/temp/x/%E5%9B%BE_0123456789ab.png?sig=1')).toBe(
      '图.png',
    );
    expect(fileNameOf('temp/plain.txt')).toBe('plain.txt');
    expect(fileNameOf('')).toBe(UNKNOWN_FILE_NAME);
    expect(fileNameOf('temp/')).toBe(UNKNOWN_FILE_NAME);
  });

  it('shortens names after five characters', () => {
    expect(shortenName('采购合同扫描件.pdf')).toBe('采购合同扫…');
    expect(shortenName('a.pdf')).toBe('a.pdf');
  });

  it('knows inline images and encodes static urls', () => {
    expect(isImagePath('temp/a.JPG')).toBe(true);
    expect(isImagePath('temp/a.svg')).toBe(false);
    expect(staticFileUrl('temp/20261127/合 同.pdf')).toBe(
      '/sys/common/static/temp/20261127/%E5%90%88%20%E5%90%8C.pdf',
    );
  });
});
