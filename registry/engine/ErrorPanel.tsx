import { Card, Result, Typography } from 'antd';
import type { PageProblem } from '../../src/contracts/page';

export interface ErrorPanelProps {
  readonly code: string | null;
  readonly title: string | null;
  readonly problems: readonly PageProblem[];
}

/** Names a page for messages: 「客户管理」（customer）. */
export function pageName(code: string | null, title: string | null): string {
  if (title && code) return `「${title}」（${code}）`;
  if (title) return `「${title}」`;
  if (code) return `（${code}）`;
  return '（未命名页面）';
}

/** Where an invalid page would be: which page, each JSON pointer and what is wrong there. */
export function ErrorPanel({ code, title, problems }: ErrorPanelProps) {
  return (
    <Card variant="borderless" data-testid="page-definition-error">
      <Result
        status="error"
        title={`页面 ${pageName(code, title)} 的定义有误，无法显示`}
        subTitle={`共 ${problems.length} 处问题，请在「低代码 → 页面配置」中修改页面定义。`}
      >
        <ul style={{ margin: 0, paddingLeft: 20, textAlign: 'left' }}>
          {problems.map((problem, i) => (
            <li key={`${problem.path}-${i}`} style={{ marginBottom: 4, wordBreak: 'break-all' }}>
              <Typography.Text code>{problem.path}</Typography.Text> {problem.message}
            </li>
          ))}
        </ul>
      </Result>
    </Card>
  );
}
