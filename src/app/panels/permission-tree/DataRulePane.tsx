import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Empty, Space, Spin, Typography } from 'antd';
import { useServices } from '../../services';
import type { GrantEndpoints } from './endpoints';

interface Rule {
  readonly id: string;
  readonly ruleName: string;
  readonly ruleColumn: string | null;
  readonly ruleConditions: string;
  readonly ruleValue: string | null;
}

interface Choice {
  readonly datarule: readonly Rule[];
  readonly drChecked: string;
}

export interface DataRulePaneProps {
  readonly endpoints: GrantEndpoints;
  readonly permissionId: string;
  readonly menuTitle: string;
  /** Whether the menu is granted and saved (rules can only be chosen on a saved grant). */
  readonly granted: boolean;
  readonly onClose: () => void;
}

/** The data rules of one menu: which of them this owner's users are held to. */
export function DataRulePane({
  endpoints,
  permissionId,
  menuTitle,
  granted,
  onClose,
}: DataRulePaneProps) {
  const { http } = useServices();
  const { message } = App.useApp();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setChoice(null);
    const call = endpoints.rules(permissionId);
    http.get<Choice>(call.url, call.params).then(
      (envelope) => {
        if (!live) return;
        if (!envelope.success) {
          void message.warning(envelope.message);
          return;
        }
        setChoice(envelope.result);
        setPicked(envelope.result.drChecked.split(',').filter(Boolean));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http, endpoints, permissionId, message]);

  const save = async () => {
    setSaving(true);
    try {
      const envelope = await http.post<unknown>(endpoints.saveRules.url, {
        ...endpoints.saveRules.body,
        permissionId,
        dataRuleIds: picked.join(','),
      });
      if (envelope.success) void message.success(envelope.message);
      else void message.warning(envelope.message);
    } catch {
      // shown by the runtime
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={`数据规则：${menuTitle}`}
      extra={<a onClick={onClose}>关闭</a>}
      className="sa-data-rule-pane"
    >
      {!choice ? (
        <Spin />
      ) : choice.datarule.length === 0 ? (
        <Empty description="该菜单没有启用的数据规则" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {!granted && (
            <Alert type="info" showIcon message="请先勾选该菜单并保存授权，再选择数据规则" />
          )}
          <Checkbox.Group
            value={picked}
            onChange={(values) => setPicked(values.map(String))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          >
            {choice.datarule.map((rule) => (
              <Checkbox key={rule.id} value={rule.id}>
                {rule.ruleName}{' '}
                <Typography.Text type="secondary" code>
                  {rule.ruleColumn} {rule.ruleConditions} {rule.ruleValue}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
          <Button
            type="primary"
            size="small"
            loading={saving}
            disabled={!granted}
            onClick={() => void save()}
          >
            保存规则
          </Button>
        </Space>
      )}
    </Card>
  );
}
