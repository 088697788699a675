import { areaPathCodes, isAreaCode } from '../../src/contracts/area-code';
import type { NameLookup } from '../shared/pickers/name-lookup';
import { useNames } from '../shared/pickers/use-names';

/** Between the names of a region's path: `广东省 / 深圳市 / 南山区`. */
export const AREA_PATH_SEPARATOR = ' / ';

/**
 * What held codes read as: each code's path of names from its province down (a code the
 * server does not know reads as itself), and each code's own name; null while being asked
 * (every view of a screen in one batched request).
 */
export function useAreaTexts(
  names: NameLookup,
  codes: readonly string[],
): { paths: string[]; names: string[] } | null {
  const pathCodes = codes.map((code) => {
    const path = areaPathCodes(code);
    return path.length > 0 ? path : [code];
  });
  // Only codes are asked for (a value held before the field was a pca, such as 华北, reads as
  // itself and does not spoil the batch).
  const all = [...new Set(pathCodes.flat())].filter(isAreaCode);
  const texts = useNames(names, all);
  if (!texts) return null;
  const nameOf = new Map(all.map((code, i) => [code, texts[i]!]));
  for (const code of codes) if (!nameOf.has(code)) nameOf.set(code, code);
  return {
    paths: pathCodes.map((path) => path.map((code) => nameOf.get(code)!).join(AREA_PATH_SEPARATOR)),
    names: codes.map((code) => nameOf.get(code)!),
  };
}
