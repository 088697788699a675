/**
 * The rich-text editor against a fake file server: uploads answer a stored path (or fail),
 * signed URLs answer `/signed/<path>`. Widgets, cells and views render through the built-in
 * registry inside the renderer services.
 */
import { useEffect, useState } from 'react';
import { vi } from 'vitest';
import { App } from 'antd';
import { render } from '@testing-library/react';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';
import { answerFileLookup } from '../support/file-server-fake';
import { WithServices } from './sel-user-support';
import { builtinRegistry, fieldOf } from './support';

export const STORED = 'news/20261127/photo_1a2b3c4d5e6f.png';

export interface FakeFiles {
  readonly http: Http;
  readonly uploads: FormData[];
  readonly signed: string[];
}

/** `fail`: the upload answers success false with this message. */
export function fakeFileHttp(options: { readonly fail?: string } = {}): FakeFiles {
  const uploads: FormData[] = [];
  const signed: string[] = [];
  const upload = vi.fn(
    async (_url: string, form: FormData, opts?: { onUploadProgress?: (n: number) => void }) => {
      uploads.push(form);
      opts?.onUploadProgress?.(50);
      if (options.fail)
        return { success: false, message: options.fail, code: 500, result: null, timestamp: 0 };
      return envelope(null, { message: STORED });
    },
  );
  const get = vi.fn(async (url: string, params?: Record<string, string>) => {
    const answer = answerFileLookup(url, params, (p) => `/sys/common/static/${p}?sign=ok`, {
      asked: signed,
    });
    if (answer) return answer;
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = {
    baseURL: 'http://localhost:3000/system',
    get,
    upload,
    post: refuse,
    put: refuse,
    delete: refuse,
    blob: refuse,
  } as unknown as Http;
  return { http, uploads, signed };
}

export interface RichCase {
  readonly value?: string;
  readonly props?: Readonly<Record<string, unknown>>;
  readonly disabled?: boolean;
  readonly cell?: boolean;
  readonly files?: FakeFiles;
  /** The host keeps its value whatever the widget sends (a form that refused the edit). */
  readonly ignoreChanges?: boolean;
}

/** The `richtext` widget (or grid cell) controlled by a tiny host; `onChange` records values. */
export function renderRichtext(c: RichCase = {}) {
  const files = c.files ?? fakeFileHttp();
  const renderer = builtinRegistry().get('richtext')!;
  const Widget = c.cell ? renderer.cell! : renderer.field;
  const onChange = vi.fn<(value: unknown) => void>();
  function Host({ outside }: { readonly outside?: string }) {
    const [value, setValue] = useState<unknown>(c.value ?? '');
    useEffect(() => {
      if (outside !== undefined) setValue(outside);
    }, [outside]);
    return (
      <Widget
        {...(c.props ?? {})}
        field={fieldOf({ type: 'richtext', props: c.props, label: '内容' })}
        value={value}
        disabled={c.disabled}
        onChange={(next) => {
          onChange(next);
          if (!c.ignoreChanges) setValue(next);
        }}
      />
    );
  }
  const tree = (outside?: string) => (
    <WithServices http={files.http}>
      <App>
        <Host outside={outside} />
      </App>
    </WithServices>
  );
  const view = render(tree());
  /** A value set from outside (a form reset, a record loaded). */
  const setValue = (value: string) => view.rerender(tree(value));
  return { ...view, onChange, files, setValue };
}
