import { memo, useMemo, useState } from 'react';
import { Alert, Card, Result, Spin, Tag, Typography } from 'antd';
import { EngineProvider, PageView, type EngineServices } from '../../../../../registry/engine';
import type { RendererRegistry } from '../../../../../registry/registry';
import { ResultCode } from '../../../../contracts/envelope';
import { useServices } from '../../../services';
import { usePermissions } from '../../../permissions/Authorized';
import { storedPageLoader } from '../../online/load-page';
import type { DraftCheck, LocatedProblem } from '../model/draft-check';
import { previewHttp } from './preview-http';
import { PREVIEW_PANELS } from './preview-panels';
import { ProblemList } from './ProblemList';

export interface PreviewPaneProps {
  /** The check of the (debounced) editor text; null until the first one. */
  readonly check: DraftCheck | null;
  /** The page's tables are as stored: the preview may read its rows. */
  readonly live: boolean;
  readonly registry: RendererRegistry;
  readonly onReveal: (problem: LocatedProblem) => void;
}

function Problems({
  check,
  onReveal,
}: {
  readonly check: Exclude<DraftCheck, { kind: 'ok' }>;
  readonly onReveal: (problem: LocatedProblem) => void;
}) {
  const syntax = check.kind === 'syntax';
  return (
    <Result
      status="error"
      title={
        syntax ? 'JSON 格式有误，无法预览' : `页面定义有 ${check.problems.length} 处问题，无法预览`
      }
      subTitle="修改后预览会自动刷新；点击行号可定位到编辑器中的位置。"
      style={{ padding: '24px 12px' }}
    >
      <div data-testid="preview-problems" style={{ textAlign: 'left' }}>
        <ProblemList problems={check.problems} onReveal={onReveal} />
      </div>
    </Result>
  );
}

/**
 * The page as the definition in the editor would render it, through the page engine's one
 * entry (`PageView`), or exactly what is wrong with the definition.
 */
export const PreviewPane = memo(function PreviewPane({
  check,
  live,
  registry,
  onReveal,
}: PreviewPaneProps) {
  const services = useServices();
  const permissions = usePermissions();
  const [refused, setRefused] = useState<{ message: string; code: number } | null>(null);
  // New permissions (加入菜单 grants the page's codes): read again, forget the old refusal.
  const [grantsSeen, setGrantsSeen] = useState(permissions);
  const [generation, setGeneration] = useState(0);
  if (grantsSeen !== permissions) {
    setGrantsSeen(permissions);
    setGeneration((n) => n + 1);
    setRefused(null);
  }
  const engine = useMemo<EngineServices>(
    () => ({
      http: previewHttp(services.http, live, setRefused),
      dicts: services.dicts,
      registry,
      can: (code: string) => permissions.can(code),
      // A page opened by an action reads (and refuses writes) through the same preview http.
      loadPage: storedPageLoader(services.http),
      panels: PREVIEW_PANELS,
    }),
    [services, live, registry, permissions],
  );

  if (!check) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (check.kind !== 'ok') return <Problems check={check} onReveal={onReveal} />;
  return (
    <div data-testid="page-preview">
      <Card size="small" variant="borderless" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          预览：{check.definition.title}
          {check.upgradedFrom !== null && (
            <Tag style={{ marginLeft: 8 }}>已从格式版本 {check.upgradedFrom} 升级</Tag>
          )}
        </Typography.Text>
      </Card>
      {live && refused && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={`预览读取不到数据：${refused.message}`}
          description={
            refused.code === ResultCode.NO_PERMISSION
              ? '在线表的数据权限随「加入菜单」创建；加入菜单后即可在预览中看到数据。'
              : undefined
          }
        />
      )}
      {!live && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message="数据表尚未按当前定义保存：预览显示空列表，保存后可看到数据。"
        />
      )}
      <EngineProvider key={generation} services={engine}>
        <PageView definition={check.value} />
      </EngineProvider>
    </div>
  );
});
