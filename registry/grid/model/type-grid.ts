import { CATALOGUE, type GridDefaults } from '../../../src/contracts/catalogue/index';

/** A column type's grid defaults (widths of §5 and §9, its reading) from its catalogue entry. */
export function gridOf(type: string): GridDefaults | undefined {
  return CATALOGUE.get(type)?.grid;
}
