import { Space, Tag } from 'antd';

/** Several values as tags (multi-selects, checkbox groups). */
export function TagsView({ texts }: { readonly texts: readonly string[] }) {
  if (texts.length === 0) return null;
  return (
    <Space size={[0, 4]} wrap>
      {texts.map((text, i) => (
        <Tag key={`${i}-${text}`}>{text}</Tag>
      ))}
    </Space>
  );
}
