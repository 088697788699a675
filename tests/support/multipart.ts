import { randomBytes } from 'node:crypto';

/** A file of a multipart body. */
export interface FilePart {
  readonly name: string;
  readonly content: Buffer;
}

export interface MultipartOptions {
  /** The field name of every file part. Default `file`. */
  readonly fileField?: string;
  /** The content type the parts claim. Default `application/octet-stream`. */
  readonly contentType?: string;
  /** Text fields after the files instead of before them. */
  readonly fieldsLast?: boolean;
}

/** A multipart/form-data body of files and text fields, as a browser sends it. */
export function multipartFiles(
  files: readonly FilePart[],
  fields: Readonly<Record<string, string>> = {},
  options: MultipartOptions = {},
): { payload: Buffer; contentType: string } {
  const { fileField = 'file', contentType = 'application/octet-stream' } = options;
  const boundary = `----sa${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const fileParts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
        `content-type: ${contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  const parts = options.fieldsLast ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
