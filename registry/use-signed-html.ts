import { useEffect, useState } from 'react';
import { STATIC_PREFIX } from '../src/contracts/files';
import { fileClientFor } from '../src/runtime/files';
import { signHtmlImages } from '../src/runtime/html-images';
import type { Http } from '../src/runtime/http';

/**
 * Safe HTML (already cleaned by `safeHtml`) with its uploaded images' addresses swapped for
 * signed view URLs (an `<img>` cannot send the token). `null` while they are being signed, so
 * nothing flashes broken images; the HTML itself when it holds no uploaded image or there is
 * no http to sign with.
 */
export function useSignedHtml(http: Http | undefined, clean: string): string | null {
  const [signed, setSigned] = useState<{ readonly source: string; readonly html: string }>();
  const needsSigning = http !== undefined && clean.includes(STATIC_PREFIX);
  useEffect(() => {
    if (!http || !needsSigning) return;
    let live = true;
    const files = fileClientFor(http);
    void signHtmlImages(clean, (path) => files.viewUrl(path)).then((html) => {
      if (live) setSigned({ source: clean, html });
    });
    return () => {
      live = false;
    };
  }, [clean, http, needsSigning]);
  if (!needsSigning) return clean;
  return signed?.source === clean ? signed.html : null;
}
