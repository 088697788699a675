import {
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Alert, App, Button, Card, Col, Divider, Row, Space, Spin, Tabs } from 'antd';
import { CloseOutlined, PlusOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { EngineProvider, type EngineServices } from '../../../../../registry/engine';
import { formColumns } from '../../../../../registry/engine/form/field-specs';
import type { RendererRegistry } from '../../../../../registry/registry';
import {
  DesignerOpError,
  applyOp,
  freeName,
  type Draft,
  type DesignerOp,
  type FieldListRef,
} from '../../../../contracts/designer/ops';
import { keepEqual } from '../../../../contracts/designer/keep-equal';
import type { DictSources } from '../../../../contracts/page-api';
import { useServices } from '../../../services';
import { createPageStore } from '../model/page-store';
import { draftText, readDesignerDraft } from './designer-text';
import { ActionSettings } from './ActionSettings';
import { DetailSettings, newDetail } from './DetailSettings';
import { FieldSettings } from './FieldSettings';
import { FieldTable } from './FieldTable';
import { FormLayout } from './FormLayout';
import { FromTableButton } from './FromTableButton';
import { PageSettings } from './PageSettings';
import { PropsPanel } from './PropsPanel';
import { designerPlaceOf } from './problem-place';
import { useWidth } from './use-width';

export interface DesignerViewProps {
  readonly text: string;
  /** A change of the draft text; `group` joins it to the last undo step of that group. */
  readonly onChange: (text: string, group: string | null) => void;
  readonly registry: RendererRegistry;
  readonly readOnly: boolean;
  /** A page not created yet: 从表生成 may replace it. */
  readonly isNew: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  readonly onShowJson: () => void;
  /** The problem the author clicked last (preview, save refusal): shown where it is fixed. */
  readonly revealed: { readonly path: string; readonly serial: number } | null;
}

/** The groups the page's fields name, in order. */
function formGroupNames(fields: Draft['fields']): string[] {
  const names = fields.flatMap((f) =>
    typeof f.form === 'object' && f.form.group ? [f.form.group] : [],
  );
  return [...new Set(names)];
}

interface Selection {
  readonly list: FieldListRef;
  readonly index: number;
}

/**
 * 设计 view of 页面配置: the same draft as the JSON view, edited through designer operations
 * (src/contracts/designer/ops.ts). Each change rewrites the draft text, so the preview, the
 * check, the save flow and the shared undo history (Ctrl+Z / Ctrl+Shift+Z) serve both views.
 */
export default function DesignerView(props: DesignerViewProps) {
  const { text, onChange, registry, readOnly, onShowJson } = props;
  const { message } = App.useApp();
  const services = useServices();
  const read = useMemo(() => readDesignerDraft(text), [text]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [tab, setTab] = useState('fields');
  // The field's settings go beside the 字段 table when the designer is wide enough, else below.
  const [root, width] = useWidth();
  const wide = width >= 1100;
  // Below this the 字段 table's name and buttons scroll with the rest (fixed, they fill a phone).
  const roomy = width >= 700;
  const catalogue = registry.catalogue;
  const store = useMemo(() => createPageStore(services.http), [services.http]);
  const [dictSources, setDictSources] = useState<DictSources | null>(null);
  useEffect(() => {
    let live = true;
    // The 字典 picker's choices; without them a code can still be typed.
    void store.dictSources().then((outcome) => {
      if (live && outcome.ok) setDictSources(outcome.result);
    });
    return () => {
      live = false;
    };
  }, [store]);
  const engine = useMemo<EngineServices>(
    () => ({ http: services.http, dicts: services.dicts, registry, can: () => true }),
    [services, registry],
  );

  // What did not change keeps its objects, so the views of it (a detail's table, a row) need
  // not redraw on every keystroke elsewhere.
  const kept = useRef<Draft | null>(null);
  const draft = useMemo(() => {
    const next = read.ok ? keepEqual(kept.current, read.draft) : null;
    kept.current = next;
    return next;
  }, [read]);
  // The handlers read the latest draft: memoised cells keep the handler they were drawn with.
  const latest = useRef({ draft, readOnly, onChange });
  latest.current = { draft, readOnly, onChange };
  /** Several operations as one change of the text (one undo step); the last one's notice shows. */
  const applyAll = useCallback(
    (ops: readonly DesignerOp[], group: string | null = null) => {
      const { draft: current, readOnly: locked, onChange: change } = latest.current;
      if (!current || locked || ops.length === 0) return;
      try {
        let next = current;
        let notice: string | null = null;
        for (const op of ops) ({ draft: next, notice } = applyOp(next, op, catalogue));
        change(draftText(next), group);
        if (notice) void message.info(notice);
      } catch (error) {
        if (!(error instanceof DesignerOpError)) throw error;
        void message.error(error.message);
      }
    },
    [catalogue, message],
  );
  const apply = useCallback(
    (op: DesignerOp, group: string | null = null) => applyAll([op], group),
    [applyAll],
  );
  const select = useCallback((list: FieldListRef, index: number) => {
    setSelection({ list, index });
  }, []);

  // A click on a problem opens its tab and selects its field; one clicked before the designer
  // opened is not replayed.
  const { revealed } = props;
  const shown = useRef(revealed?.serial ?? 0);
  useEffect(() => {
    if (!revealed || revealed.serial <= shown.current) return;
    shown.current = revealed.serial;
    const place = designerPlaceOf(revealed.path);
    setTab(place.tab);
    if (place.field) setSelection(place.field);
  }, [revealed]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      if (key === 'y' || event.shiftKey) props.onRedo();
      else props.onUndo();
    }
  };

  if (!draft) {
    return (
      <Alert
        type="warning"
        showIcon
        message="设计视图打不开这份定义"
        description={read.ok ? null : read.why}
        action={<Button onClick={onShowJson}>回到 JSON</Button>}
      />
    );
  }

  const addField = (list: FieldListRef) => {
    const fields =
      list.detail === undefined ? draft.fields : (draft.details?.[list.detail]?.fields ?? []);
    const name = freeName(
      fields.map((f) => f.name),
      'field',
    );
    apply({ op: 'addField', ...list, field: { name, label: '新字段', type: 'input' } });
    setSelection({ list, index: fields.length });
  };

  const fieldsOf = (list: FieldListRef) =>
    list.detail === undefined ? draft.fields : (draft.details?.[list.detail]?.fields ?? []);
  const tableOf = (list: FieldListRef) =>
    list.detail === undefined ? draft.table : draft.details?.[list.detail]?.table;
  const selectedField = selection ? fieldsOf(selection.list)[selection.index] : undefined;

  const fieldsPane = (list: FieldListRef) => {
    const selected = selection && selection.list.detail === list.detail ? selection.index : null;
    return (
      <Row gutter={[12, 12]}>
        <Col span={wide && selectedField && selected !== null ? 16 : 24}>
          <FieldTable
            fields={fieldsOf(list)}
            table={tableOf(list)}
            list={list}
            catalogue={catalogue}
            dictSources={dictSources}
            fixedColumns={roomy}
            readOnly={readOnly}
            selected={selected}
            onSelect={select}
            apply={apply}
          />
          <Button
            icon={<PlusOutlined />}
            type="dashed"
            block
            style={{ marginTop: 8 }}
            disabled={readOnly}
            onClick={() => addField(list)}
          >
            新增字段
          </Button>
        </Col>
        {selectedField && selected !== null && (
          <Col span={wide ? 8 : 24}>
            <Card
              size="small"
              title={`字段设置：${selectedField.label || selectedField.name}`}
              extra={
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label="收起字段设置"
                  onClick={() => setSelection(null)}
                />
              }
            >
              <FieldSettings
                key={`settings:${list.detail ?? 'main'}:${selected}`}
                field={selectedField}
                index={selected}
                list={list}
                columns={list.detail === undefined ? formColumns(draft, draft.fields) : 1}
                groups={formGroupNames(draft.fields)}
                readOnly={readOnly}
                apply={apply}
              />
              {/* The panel's widgets load with their renderers: only the panel waits. */}
              <Suspense fallback={<Spin />}>
                <PropsPanel
                  key={`${list.detail ?? 'main'}:${selected}:${selectedField.type}`}
                  field={selectedField}
                  index={selected}
                  list={list}
                  catalogue={catalogue}
                  readOnly={readOnly}
                  apply={apply}
                />
              </Suspense>
            </Card>
          </Col>
        )}
      </Row>
    );
  };

  const details = draft.details ?? [];
  const items = [
    { key: 'fields', label: '字段', children: fieldsPane({}) },
    ...details.map((detail, index) => ({
      key: `detail:${index}`,
      label: `子表：${detail.title}`,
      children: (
        <>
          <DetailSettings detail={detail} index={index} readOnly={readOnly} apply={apply} />
          {fieldsPane({ detail: index })}
        </>
      ),
    })),
    {
      key: 'layout',
      label: '表单布局',
      children: (
        <Suspense fallback={<Spin />}>
          <FormLayout
            draft={draft}
            catalogue={catalogue}
            readOnly={readOnly}
            applyAll={applyAll}
            onSelect={(index) => {
              setSelection({ list: {}, index });
              setTab('fields');
            }}
          />
        </Suspense>
      ),
    },
    {
      key: 'page',
      label: '页面',
      children: (
        <>
          <PageSettings draft={draft} readOnly={readOnly} apply={apply} />
          {draft.kind !== 'form' && (
            <>
              <Divider orientation="left">列表按钮</Divider>
              <ActionSettings draft={draft} readOnly={readOnly} apply={apply} />
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <EngineProvider services={engine}>
      <div
        ref={root}
        onKeyDown={onKeyDown}
        data-testid="page-designer"
        style={{ height: '100%', overflow: 'auto', padding: 8 }}
      >
        {/* The page's commands above the tabs: beside them they would push the tabs into the
            overflow menu in a narrow designer. */}
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
          <Space wrap>
            {props.isNew && (
              <FromTableButton
                disabled={readOnly}
                draftFromTable={store.draftFromTable}
                draftTables={store.draftTables}
                onDraft={(result) => {
                  onChange(draftText(result.definition), null);
                  setSelection(null);
                  setTab('fields');
                }}
              />
            )}
            {draft.kind === 'master-detail' && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                disabled={readOnly || details.length >= 10}
                onClick={() => {
                  apply({ op: 'addDetail', detail: newDetail(draft) });
                  setTab(`detail:${details.length}`);
                }}
              >
                添加子表
              </Button>
            )}
            <Button
              size="small"
              icon={<UndoOutlined />}
              disabled={!props.canUndo}
              onClick={props.onUndo}
            >
              撤销
            </Button>
            <Button
              size="small"
              icon={<RedoOutlined />}
              disabled={!props.canRedo}
              onClick={props.onRedo}
            >
              重做
            </Button>
          </Space>
        </div>
        <Tabs
          size="small"
          activeKey={items.some((i) => i.key === tab) ? tab : 'fields'}
          onChange={setTab}
          items={items}
        />
      </div>
    </EngineProvider>
  );
}
