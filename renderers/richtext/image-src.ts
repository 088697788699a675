import { createContext, useContext, useEffect, useState } from 'react';
import { storedPathOfUrl } from '../../src/runtime/html-images';

/**
 * How the editor shows an image's stored address: uploaded images (their stable static
 * address) through signed URLs, others as they are. Given by the editor from the file client.
 */
export type ImageSrcResolver = (src: string) => Promise<string>;

export const ImageSrcContext = createContext<ImageSrcResolver | null>(null);

/** The address to draw for `src`; '' while an uploaded image's signed URL is on its way. */
export function useShownImageSrc(src: string): string {
  const resolve = useContext(ImageSrcContext);
  const stored = storedPathOfUrl(src, location.origin) !== null;
  const [resolved, setResolved] = useState<{ readonly src: string; readonly url: string } | null>(
    null,
  );
  useEffect(() => {
    if (!resolve || !stored) return;
    let live = true;
    void resolve(src).then((url) => {
      if (live) setResolved({ src, url });
    });
    return () => {
      live = false;
    };
  }, [resolve, src, stored]);
  if (!resolve || !stored) return src;
  return resolved?.src === src ? resolved.url : '';
}
