import { useMemo, useRef, useState, type Ref } from 'react';
import { Button, Modal, Select, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { searchableRoutes, type AppRoute } from '../router/menu-routes';
import { openEntry } from '../menu/open-entry';

function SearchSelect({
  routes,
  onChosen,
  selectRef,
  width,
}: {
  readonly routes: readonly AppRoute[];
  readonly onChosen?: () => void;
  readonly selectRef?: Ref<RefSelectProps>;
  readonly width: number | string;
}) {
  const navigate = useNavigate();
  const entries = useMemo(() => searchableRoutes(routes), [routes]);
  const options = useMemo(
    () => entries.map((r) => ({ value: r.path, label: r.meta.title })),
    [entries],
  );
  return (
    <Select
      showSearch
      allowClear
      ref={selectRef}
      value={null}
      style={{ width }}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      suffixIcon={<SearchOutlined />}
      options={options}
      optionFilterProp="label"
      notFoundContent="没有匹配的菜单"
      onChange={(path: string | null) => {
        const route = entries.find((r) => r.path === path);
        if (!route) return;
        openEntry(route, navigate, { fromSearch: true });
        onChosen?.();
      }}
    />
  );
}

/** Full-text menu search: a box on desktop, a modal on mobile (shell.md §2 "Header"). */
export function MenuSearch({
  routes,
  mobile,
}: {
  readonly routes: readonly AppRoute[];
  readonly mobile: boolean;
}) {
  const [open, setOpen] = useState(false);
  const select = useRef<RefSelectProps>(null);
  if (!mobile) return <SearchSelect routes={routes} width={200} />;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label="搜索菜单"
        onClick={() => setOpen(true)}
      />
      <Modal
        title="搜索菜单"
        open={open}
        footer={null}
        onCancel={() => setOpen(false)}
        // The modal focuses itself as it opens; the input takes the focus once it is shown.
        afterOpenChange={(shown) => {
          if (shown) select.current?.focus();
        }}
        destroyOnHidden
      >
        <SearchSelect
          routes={routes}
          width="100%"
          selectRef={select}
          onChosen={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
