import type { ActionForm, PageDefinition } from '../../../src/contracts/page';

/**
 * An action's form as a page the form engine renders: its fields, one per row, the page's
 * label width, and the page's table or entity (unique checks name it). No linkages.
 */
export function actionFormPage(page: PageDefinition, form: ActionForm): PageDefinition {
  return {
    schemaVersion: page.schemaVersion,
    code: page.code,
    title: page.title,
    kind: 'form',
    ...(page.table ? { table: page.table } : {}),
    ...(page.entity ? { entity: page.entity } : {}),
    fields: form.fields,
    form: { columns: 1, labelWidth: page.form?.labelWidth ?? 100 },
  };
}
