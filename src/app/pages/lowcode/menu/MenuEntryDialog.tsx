import { useMemo, useState, type ReactNode } from 'react';
import { App, Form, Input, Modal, TreeSelect } from 'antd';
import { useAtomValue } from 'jotai';
import { IconSelectWidget } from '../../../../../renderers/icon-select/Widget';
import { permissionsAtom } from '../../../state/atoms';
import { useLoadPermissions } from '../../../state/session-actions';
import type { Outcome } from '../model/page-store';
import { menuTree } from './menu-tree';

export interface MenuEntryValues {
  readonly parentId?: string;
  readonly name: string;
  readonly icon: string;
}

export interface MenuEntryDialogProps {
  /** The title the name field starts with. */
  readonly defaultName: string;
  readonly defaultIcon: string;
  /** What the entry will open and create, under the form. */
  readonly note: ReactNode;
  /** Sends the values to the designer's own add-to-menu call. */
  readonly add: (values: MenuEntryValues) => Promise<Outcome<unknown>>;
  readonly onClose: () => void;
}

/**
 * 加入菜单 of a designer screen (页面配置, 报表配置): a parent from the user's menu (or the top
 * level), the title and an icon; the server creates the entry and its codes, then the
 * permission payload is loaded again so the entry shows at once.
 */
export function MenuEntryDialog({
  defaultName,
  defaultIcon,
  note,
  add,
  onClose,
}: MenuEntryDialogProps) {
  const { message } = App.useApp();
  const permissions = useAtomValue(permissionsAtom);
  const loadPermissions = useLoadPermissions();
  const tree = useMemo(() => menuTree(permissions?.menu ?? []), [permissions]);
  const [form] = Form.useForm<MenuEntryValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: MenuEntryValues) => {
    setSaving(true);
    const name = values.name.trim();
    const outcome = await add({
      name,
      icon: values.icon,
      ...(values.parentId ? { parentId: values.parentId } : {}),
    });
    if (!outcome.ok) {
      setSaving(false);
      if (!outcome.presented) void message.error(outcome.message);
      return;
    }
    try {
      await loadPermissions();
      void message.success(`已加入菜单「${name}」`);
    } catch {
      void message.warning('菜单已加入，但刷新菜单失败，请刷新页面后查看');
    }
    setSaving(false);
    onClose();
  };

  return (
    <Modal
      open
      title="加入菜单"
      okText="加入菜单"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<MenuEntryValues>
        form={form}
        layout="vertical"
        initialValues={{ name: defaultName, icon: defaultIcon }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="上级菜单" name="parentId" extra="不选择则加为顶级菜单">
          <TreeSelect
            aria-label="上级菜单"
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder="顶级菜单"
            treeData={tree}
            treeDefaultExpandAll
          />
        </Form.Item>
        <Form.Item
          label="菜单名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入菜单名称' },
            { max: 100, message: '菜单名称最多 100 个字' },
          ]}
        >
          <Input aria-label="菜单名称" placeholder="菜单名称" />
        </Form.Item>
        <Form.Item label="图标" name="icon">
          {/* The picker of 菜单管理's 图标: the icons with their Chinese names. */}
          <IconSelectWidget aria-label="图标" allowClear={false} />
        </Form.Item>
        <p style={{ color: 'rgba(0,0,0,0.45)', margin: 0 }}>{note}</p>
      </Form>
    </Modal>
  );
}
