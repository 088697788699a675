import { Modal } from 'antd';
import type { LocatedProblem } from '../model/draft-check';
import { ProblemList } from '../preview/ProblemList';
import type { Refused } from './use-save-flow';

/** Why a save was refused: every problem with its path; a click selects it in the editor. */
export function RefusedModal({
  refused,
  onClose,
  onReveal,
}: {
  readonly refused: Refused;
  readonly onClose: () => void;
  readonly onReveal: (problem: LocatedProblem) => void;
}) {
  return (
    <Modal
      open
      title={refused.title}
      onCancel={onClose}
      onOk={onClose}
      okText="知道了"
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
    >
      <p>页面没有保存，编辑器中的内容保持不变。请修改以下问题后再保存：</p>
      <div data-testid="save-problems">
        <ProblemList
          problems={refused.problems}
          onReveal={(problem) => {
            onClose();
            onReveal(problem);
          }}
        />
      </div>
    </Modal>
  );
}
