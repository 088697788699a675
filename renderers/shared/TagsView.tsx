import { Space, Tag } from 'antd';

export interface TagsViewProps {
  readonly texts: readonly string[];
  /** The colour of a tag (an antd preset or a CSS colour); default: none. */
  readonly colorOf?: (text: string) => string | undefined;
}

/** Several values as tags (multi-selects, checkbox groups, tags). */
export function TagsView({ texts, colorOf }: TagsViewProps) {
  if (texts.length === 0) return null;
  return (
    <Space size={[0, 4]} wrap>
      {texts.map((text, i) => (
        <Tag key={`${i}-${text}`} color={colorOf?.(text)}>
          {text}
        </Tag>
      ))}
    </Space>
  );
}
