import type { UploadKind } from '../../config';

/** How each accepted kind is stored and served: extension, content type, shown inline or not. */
export interface KindInfo {
  readonly extension: string;
  readonly mime: string;
  /** Only raster images are shown in the page; everything else downloads. */
  readonly inline: boolean;
}

export const KINDS: Readonly<Record<UploadKind, KindInfo>> = {
  png: { extension: 'png', mime: 'image/png', inline: true },
  jpeg: { extension: 'jpg', mime: 'image/jpeg', inline: true },
  gif: { extension: 'gif', mime: 'image/gif', inline: true },
  webp: { extension: 'webp', mime: 'image/webp', inline: true },
  pdf: { extension: 'pdf', mime: 'application/pdf', inline: false },
  docx: {
    extension: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
  },
  xlsx: {
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
  },
  pptx: {
    extension: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
  },
  doc: { extension: 'doc', mime: 'application/msword', inline: false },
  xls: { extension: 'xls', mime: 'application/vnd.ms-excel', inline: false },
  ppt: { extension: 'ppt', mime: 'application/vnd.ms-powerpoint', inline: false },
  zip: { extension: 'zip', mime: 'application/zip', inline: false },
  mp4: { extension: 'mp4', mime: 'video/mp4', inline: false },
  txt: { extension: 'txt', mime: 'text/plain; charset=utf-8', inline: false },
};

/** The content types served inline (the static route checks the stored type against it). */
export const INLINE_TYPES: ReadonlySet<string> = new Set(
  Object.values(KINDS)
    .filter((k) => k.inline)
    .map((k) => k.mime),
);
