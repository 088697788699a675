import type { HTMLAttributes } from 'react';
import { theme } from 'antd';

/**
 * The white panel a page sits on (what antd's borderless Card draws, without the Card: it
 * brings its loading skeleton along, which no page uses).
 */
export function PagePanel({ style, ...rest }: HTMLAttributes<HTMLElement>) {
  const { token } = theme.useToken();
  return (
    <section
      {...rest}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        ...style,
      }}
    />
  );
}
