import { useState, type ReactNode } from 'react';
import { Button, Input, Space } from 'antd';

export interface FilterBox<F> {
  readonly name: keyof F & string;
  /** The box's placeholder and accessible name (页面编码, 报表名称 …). */
  readonly label: string;
}

/**
 * A designer list's filter bar (页面配置, 报表配置): text boxes, 查询 (or Enter), 重置, and the
 * screen's own buttons after them. It keeps what is typed until it is searched.
 */
export function StoreListFilters<F extends Readonly<Record<string, string>>>(props: {
  readonly boxes: readonly FilterBox<F>[];
  readonly empty: F;
  readonly onSearch: (filters: F) => void;
  readonly children?: ReactNode;
}) {
  const { boxes, empty, onSearch } = props;
  const [draft, setDraft] = useState<F>(empty);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {boxes.map((box) => (
        <Input
          key={box.name}
          aria-label={box.label}
          placeholder={box.label}
          allowClear
          value={draft[box.name]}
          onChange={(e) => setDraft((d) => ({ ...d, [box.name]: e.target.value }))}
          onPressEnter={() => onSearch(draft)}
          style={{ width: 180 }}
        />
      ))}
      <Button type="primary" onClick={() => onSearch(draft)}>
        查询
      </Button>
      <Button
        onClick={() => {
          setDraft(empty);
          onSearch(empty);
        }}
      >
        重置
      </Button>
      {props.children}
    </Space>
  );
}
