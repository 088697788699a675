import { FileImageOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useServices } from '../../../registry/services';
import { fileNameOf } from '../../../src/contracts/files';
import { fileClientFor } from '../../../src/runtime/files';

export interface SignedImageProps {
  readonly path: string;
  /** Width and height in px (the picture covers the box); none: its natural size. */
  readonly size?: number;
  readonly className?: string;
  /** The picture's name for screen readers (default: the path's own reading). */
  readonly name?: string;
}

/**
 * A stored picture through a signed URL (`<img>` cannot send the token header); an icon while
 * the URL is asked for or when it cannot be had.
 */
export function SignedImage({ path, size, className, name }: SignedImageProps) {
  const label = name ?? fileNameOf(path);
  const client = fileClientFor(useServices().http);
  const [src, setSrc] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    client.viewUrl(path).then(
      (url) => live && setSrc({ path, url }),
      () => live && setSrc({ path, url: null }),
    );
    return () => {
      live = false;
    };
  }, [client, path]);
  const box = size ? { width: size, height: size } : undefined;
  const url = src?.path === path ? src.url : null;
  if (!url) {
    return (
      <span
        className={`upl-img-missing ${className ?? ''}`}
        style={box}
        role="img"
        aria-label={label}
      >
        <FileImageOutlined />
      </span>
    );
  }
  return (
    <img
      className={className}
      src={url}
      alt={label}
      style={box ? { ...box, objectFit: 'cover' } : { maxWidth: '100%' }}
    />
  );
}
