import { useEffect, useState } from 'react';
import { Table, Tabs } from 'antd';
import type { DetailDefinition } from '../../../src/contracts/page';
import { useEngine } from '../context';
import { tableColumns } from '../list/columns';
import { recordsOf, type Row } from '../list/row';
import { onlineUrl } from '../page-model';
import { useFieldOptions } from '../use-field-options';

/** Detail rows of one master, at most this many (the editable grid comes later). */
const DETAIL_PAGE_SIZE = 1000;
const NO_SORT = { column: '', order: 'desc' } as const;

function DetailTable({ detail, masterId }: { detail: DetailDefinition; masterId: string | null }) {
  const { http } = useEngine();
  const { options } = useFieldOptions(detail.fields);
  const [rows, setRows] = useState<readonly Row[]>([]);
  const [loading, setLoading] = useState(masterId !== null);
  useEffect(() => {
    if (masterId === null) return;
    let live = true;
    const url = detail.listUrl ?? onlineUrl(detail.code, 'list');
    http
      .get<unknown>(url, { [detail.foreignKey]: masterId, pageNo: 1, pageSize: DETAIL_PAGE_SIZE })
      .then(
        (envelope) => {
          if (live && envelope.success) setRows(recordsOf(envelope.result).records);
        },
        () => undefined,
      )
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [http, detail, masterId]);
  const fields = detail.fields.filter((f) => f.name !== detail.foreignKey);
  return (
    <Table<Row>
      size="small"
      bordered
      rowKey={(row) => String(row.id ?? JSON.stringify(row))}
      loading={loading}
      dataSource={[...rows]}
      columns={tableColumns(fields, options, NO_SORT, [], () => undefined)}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** The detail tables of a master-detail form, one tab each, read-only. */
export function DetailTables({
  details,
  masterId,
}: {
  readonly details: readonly DetailDefinition[];
  readonly masterId: string | null;
}) {
  return (
    <Tabs
      style={{ marginTop: 8 }}
      items={details.map((detail) => ({
        key: detail.code,
        label: detail.title,
        children: <DetailTable detail={detail} masterId={masterId} />,
      }))}
    />
  );
}
