import type { FieldListRef } from '../../../../contracts/designer/ops';

/**
 * Where in the designer a problem of the draft is shown, from its JSON path: a field's problem
 * opens its 字段 tab (the master's or its detail's) with the field selected; a form problem
 * 表单布局; a detail's own settings its tab; everything else about the page 页面. The JSON view
 * selects the same problem's text.
 */
export interface DesignerPlace {
  /** The designer tab: `fields`, `detail:<n>`, `layout` or `page`. */
  readonly tab: string;
  readonly field?: { readonly list: FieldListRef; readonly index: number };
}

function index(segment: string | undefined): number | null {
  return segment !== undefined && /^\d+$/.test(segment) ? Number(segment) : null;
}

export function designerPlaceOf(path: string): DesignerPlace {
  const [head, second, third, fourth] = path.split('/').slice(1);
  if (head === 'fields') {
    const at = index(second);
    return at === null ? { tab: 'fields' } : { tab: 'fields', field: { list: {}, index: at } };
  }
  if (head === 'table') return { tab: 'fields' };
  if (head === 'form' || head === 'linkages') return { tab: 'layout' };
  if (head === 'details') {
    const detail = index(second);
    if (detail === null) return { tab: 'page' };
    const tab = `detail:${detail}`;
    const at = third === 'fields' ? index(fourth) : null;
    return at === null ? { tab } : { tab, field: { list: { detail }, index: at } };
  }
  return { tab: 'page' };
}
