import { Typography } from 'antd';
import type { LocatedProblem } from '../model/draft-check';

/**
 * Problems with their JSON pointer, what is wrong, and where in the text; a problem that was
 * found in the text can be clicked to select it in the editor.
 */
export function ProblemList({
  problems,
  onReveal,
  limit = 100,
}: {
  readonly problems: readonly LocatedProblem[];
  readonly onReveal?: (problem: LocatedProblem) => void;
  readonly limit?: number;
}) {
  const shown = problems.slice(0, limit);
  return (
    <ol style={{ margin: 0, paddingLeft: 20 }} aria-label="问题列表">
      {shown.map((problem, i) => (
        <li key={`${problem.path}-${i}`} style={{ marginBottom: 6, overflowWrap: 'anywhere' }}>
          <Typography.Text code>{problem.path}</Typography.Text> {problem.message}
          {problem.line !== null && (
            <>
              {' '}
              {onReveal && problem.range ? (
                <Typography.Link onClick={() => onReveal(problem)}>
                  （第 {problem.line} 行）
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">（第 {problem.line} 行）</Typography.Text>
              )}
            </>
          )}
        </li>
      ))}
      {problems.length > shown.length && (
        <li style={{ listStyle: 'none' }}>
          <Typography.Text type="secondary">
            还有 {problems.length - shown.length} 处问题未列出
          </Typography.Text>
        </li>
      )}
    </ol>
  );
}
