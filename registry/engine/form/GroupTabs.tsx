import { useEffect, useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { onFormValidateFailed, type Form } from '@formily/core';
import type { FormGroup } from './form-groups';

/** The tab of the fields that name no group (tabs style). */
export const UNGROUPED_TITLE = '基本信息';

const tabKey = (group: FormGroup) => group.title ?? '';

/** The key of the first tab (in tab order) holding a field that failed its rules, or null. */
export function failedTab(
  groups: readonly FormGroup[],
  failed: ReadonlySet<string>,
): string | null {
  const group = groups.find((g) => g.rows.some((row) => failed.has(row.spec.definition.name)));
  return group ? tabKey(group) : null;
}

/**
 * An edit form's groups as tabs (`form.groupStyle: 'tabs'`). Every tab's rows exist, so a hidden
 * tab's values and rules are the form's; when a save is refused only for fields on tabs not in
 * view, the first of those tabs comes forward so the person sees what to mend.
 */
export function GroupTabs({
  form,
  groups,
  rowsOf,
}: {
  readonly form: Form;
  readonly groups: readonly FormGroup[];
  readonly rowsOf: (group: FormGroup) => ReactNode;
}) {
  const [active, setActive] = useState(() => tabKey(groups[0]!));
  useEffect(() => {
    const id = 'group-tabs';
    form.addEffects(id, () => {
      onFormValidateFailed(() => {
        // A field's error address is its path; the form's fields are top-level names.
        const failed = new Set(form.errors.map((error) => String(error.path ?? '').split('.')[0]!));
        const first = failedTab(groups, failed);
        if (first === null) return;
        // The tab in view keeps the focus while it has a refused field of its own.
        setActive((current) => {
          const inView = groups.find((g) => tabKey(g) === current);
          return inView && failedTab([inView], failed) !== null ? current : first;
        });
      });
    });
    return () => form.removeEffects(id);
  }, [form, groups]);
  return (
    <Tabs
      size="small"
      activeKey={active}
      onChange={setActive}
      items={groups.map((group) => ({
        key: tabKey(group),
        label: group.title ?? UNGROUPED_TITLE,
        forceRender: true,
        children: rowsOf(group),
      }))}
    />
  );
}
