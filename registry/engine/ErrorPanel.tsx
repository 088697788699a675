import type { PageProblem } from '../../src/contracts/page';
import { PagePanel } from '../page-panel';
import { StatusResult } from '../status-result';
import { pageName } from './messages';

export interface ErrorPanelProps {
  readonly code: string | null;
  readonly title: string | null;
  readonly problems: readonly PageProblem[];
}

/** Where an invalid page would be: which page, each JSON pointer and what is wrong there. */
export function ErrorPanel({ code, title, problems }: ErrorPanelProps) {
  return (
    <PagePanel data-testid="page-definition-error">
      <StatusResult
        status="error"
        title={`页面 ${pageName(code, title)} 的定义有误，无法显示`}
        subTitle={`共 ${problems.length} 处问题，请在「低代码 → 页面配置」中修改页面定义。`}
      >
        <ul style={{ margin: 0, paddingLeft: 20, textAlign: 'left' }}>
          {problems.map((problem, i) => (
            <li key={`${problem.path}-${i}`} style={{ marginBottom: 4, wordBreak: 'break-all' }}>
              <code>{problem.path}</code> {problem.message}
            </li>
          ))}
        </ul>
      </StatusResult>
    </PagePanel>
  );
}
