import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { MSG_DOWNLOAD_FAILED } from '../../../../registry/engine/messages';
import { saveBlob } from '../../../runtime/save-blob';
import { PagePanel } from '../../../../registry/page-panel';
import { ServicesContext, type RendererServices } from '../../../../registry/services';
import { StatusResult } from '../../../../registry/status-result';
import { ReportView } from '../../../../renderers/shared/report/ReportView';
import { isForbidden, useReport } from '../../../../renderers/shared/report/use-report';
import { ResultCode } from '../../../contracts/envelope';
import { reportClientFor } from '../../../runtime/report-client';
import { usePermissions } from '../../permissions/Authorized';
import type { ScreenProps } from '../../router/screens';
import { useServices } from '../../services';
import { PageLoading } from '../PageLoading';
import { useAppRegistry } from '../use-app-registry';
import { reportIdOf } from './report-id';

export const LABEL_EXPORT = '导出';

/**
 * An online report as a menu screen (`/online/cgreport/{id}`): titled by the report's name, its
 * query form and paged table (the shared report view), and 导出, which downloads the report
 * with the current query as a spreadsheet. A report the user may not see (510) or that does
 * not exist says so in place.
 */
export default function ReportScreen({ route }: ScreenProps) {
  const services = useServices();
  const permissions = usePermissions();
  const registry = useAppRegistry();
  const renderer = useMemo<RendererServices | null>(
    () =>
      registry && {
        http: services.http,
        dicts: services.dicts,
        registry,
        can: (code) => permissions.can(code),
      },
    [services, registry, permissions],
  );
  const id = reportIdOf(route.path);
  if (!renderer) return <PageLoading />;
  if (!id) return <MissingReport title={route.meta.title} />;
  return (
    <ServicesContext.Provider value={renderer}>
      <ReportPanel id={id} title={route.meta.title} />
    </ServicesContext.Provider>
  );
}

function MissingReport({ title }: { readonly title: string }) {
  return (
    <PagePanel>
      <StatusResult
        status="404"
        title="报表不存在"
        subTitle={`菜单「${title}」指向的报表不存在或已被删除。`}
      />
    </PagePanel>
  );
}

function ReportPanel({ id, title }: { readonly id: string; readonly title: string }) {
  const { http } = useServices();
  const { message } = App.useApp();
  const report = useReport({ code: id });
  const [exporting, setExporting] = useState(false);
  const failure = report.failure;

  if (failure && isForbidden(failure)) {
    return (
      <PagePanel>
        <StatusResult status="403" title="403" subTitle={failure.message} />
      </PagePanel>
    );
  }
  if (failure) {
    if (failure.code === ResultCode.NOT_FOUND || failure.message === '报表不存在') {
      return <MissingReport title={title} />;
    }
    return (
      <PagePanel>
        <StatusResult status="error" title="报表加载失败" subTitle={failure.message} />
      </PagePanel>
    );
  }

  const exportXls = async () => {
    if (!report.head) return;
    setExporting(true);
    try {
      const blob = await reportClientFor(http).exportXls(report.head.cgRpConfigId, report.request);
      if (!blob || blob.size === 0) {
        void message.warning(MSG_DOWNLOAD_FAILED);
        return;
      }
      saveBlob(blob, `${report.head.cgRpConfigName}.xlsx`);
    } catch {
      // shown by the runtime
    } finally {
      setExporting(false);
    }
  };

  return (
    <PagePanel>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          marginBottom: 12,
        }}
      >
        <Typography.Title level={5} style={{ margin: 0 }}>
          {report.head?.cgRpConfigName ?? ''}
        </Typography.Title>
        <Space wrap>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!report.head}
            onClick={() => void exportXls()}
          >
            {LABEL_EXPORT}
          </Button>
          <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={report.reload} />
        </Space>
      </div>
      <ReportView report={report} />
    </PagePanel>
  );
}
