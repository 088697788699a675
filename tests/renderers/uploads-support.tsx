/**
 * Upload renderers (`image`, `file`, `upload`) against a fake server: each upload waits until
 * the test reports progress, answers or fails it; signed URLs and downloads answer at once.
 * Fields, cells and views render through the built-in registry inside antd's `<App>`.
 */
import { useState } from 'react';
import { vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { ServicesContext } from '../../registry/services';
import type { Http, RequestOptions } from '../../src/runtime/http';
import { answerFileLookup } from '../support/file-server-fake';
import { envelope } from '../runtime/fakes';
import { servicesWith } from './sel-user-support';
import { builtinRegistry, fieldOf, Providers } from './support';

/** One upload the widget sent, waiting for the test to settle it. */
export interface PendingUpload {
  readonly url: string;
  readonly form: FormData;
  /** The uploaded file's name. */
  readonly name: string;
  progress(percent: number): void;
  /** Answers like the server: `{success, message: path}` plus any extra fields. */
  succeed(path: string, extra?: Readonly<Record<string, unknown>>): void;
  /** Answers `{success: false, message}`. */
  refuse(message: string): void;
  /** The request itself fails (as the http client throws). */
  fail(error: Error): void;
  readonly aborted: () => boolean;
}

export interface FakeFiles {
  readonly http: Http;
  readonly uploads: PendingUpload[];
  /** Downloads asked for; `answer` is what `blob` gives (a non-empty file by default). */
  readonly downloads: { answer: () => Promise<Blob>; readonly urls: string[] };
}

// jsdom has no blob URLs; a saved download needs one.
URL.createObjectURL ??= () => 'blob:download';
URL.revokeObjectURL ??= () => undefined;

/** A signed URL as the fake server gives it. */
export const signed = (path: string) => `/sys/common/static/${path}?sig=1`;

export function fakeFiles(): FakeFiles {
  const uploads: PendingUpload[] = [];
  const fake: FakeFiles = {
    uploads,
    downloads: { answer: async () => new Blob(['data']), urls: [] },
    http: undefined as unknown as Http,
  };
  const upload = vi.fn(
    (url: string, form: FormData, options?: RequestOptions) =>
      new Promise<ApiEnvelope<unknown>>((resolve, reject) => {
        const file = form.get('file');
        uploads.push({
          url,
          form,
          name: file instanceof File ? file.name : '',
          progress: (percent) => act(() => options?.onUploadProgress?.(percent)),
          succeed: (path, extra = {}) =>
            resolve({ ...envelope([path], { message: path }), ...extra }),
          refuse: (message) => resolve(envelope(null, { success: false, message })),
          fail: (error) => reject(error),
          aborted: () => options?.signal?.aborted === true,
        });
      }),
  );
  const get = vi.fn(async (url: string, params?: object) => {
    const answer = answerFileLookup(url, params, signed);
    if (answer) return answer;
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  (fake as { http: Http }).http = {
    get,
    post: refuse,
    put: refuse,
    delete: refuse,
    blob: (url: string) => {
      fake.downloads.urls.push(url);
      return fake.downloads.answer();
    },
    upload,
  } as unknown as Http;
  return fake;
}

/** An image file as the browser gives it. */
export function imageFile(name: string): File {
  return new File(['png'], name, { type: 'image/png' });
}

/** Any file. */
export function plainFile(name: string, type = 'application/pdf'): File {
  return new File(['data'], name, { type });
}

export interface UploadCase {
  readonly type: 'image' | 'file' | 'upload';
  readonly value?: unknown;
  readonly props?: Readonly<Record<string, unknown>>;
  /** The grid cell (column title 附件, the column's settings spread in) instead of the field. */
  readonly cell?: boolean;
  readonly column?: Readonly<Record<string, unknown>>;
  /** Read-only view instead of the widget. */
  readonly display?: boolean;
  readonly variant?: 'cell' | 'detail';
}

/** The label of the field and the title of the cell's column. */
export const LABEL = '附件';

/** A type's field, cell or view, controlled by a tiny host, on a fake file server. */
export function renderUpload(c: UploadCase) {
  const files = fakeFiles();
  const renderer = builtinRegistry().get(c.type)!;
  const onChange = vi.fn<(value: unknown) => void>();
  let current: unknown = c.value;
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    if (c.display) {
      const View = renderer.display!;
      return <View {...(c.props ?? {})} value={value} variant={c.variant} />;
    }
    const Widget = c.cell ? renderer.cell! : renderer.field;
    const host = c.cell
      ? { 'aria-label': LABEL, size: 'small', autoFocus: true, ...(c.column ?? {}) }
      : { field: fieldOf({ type: c.type, label: LABEL, props: c.props }) };
    return (
      <Widget
        {...(c.props ?? {})}
        {...host}
        value={value}
        onChange={(next) => {
          current = next;
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  const view = render(
    <Providers>
      <AntApp>
        <ServicesContext.Provider value={servicesWith(files.http)}>
          <Host />
        </ServicesContext.Provider>
      </AntApp>
    </Providers>,
  );
  return {
    ...view,
    ...files,
    onChange,
    value: () => current,
    user: userEvent.setup({ delay: null, applyAccept: false }),
  };
}

/** The hidden file input of a field or cell. */
export function fileInput(): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>(/选择(文件|图片)$/);
}

/** The files of the field's list (cards or rows; not the add card). */
export function items(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: LABEL });
  if (!list) return [];
  return within(list)
    .queryAllByRole('listitem')
    .filter((item) => item.hasAttribute('aria-label'));
}

/** Lets settled promises reach React. */
export async function flush() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}
