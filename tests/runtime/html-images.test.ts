import { describe, expect, it, vi } from 'vitest';
import { signHtmlImages, storedPathOfUrl } from '../../src/runtime/html-images';

function signer(fail: readonly string[] = []) {
  return {
    viewUrl: vi.fn((path: string) =>
      fail.includes(path)
        ? Promise.reject(new Error('no'))
        : Promise.resolve(`/system/sys/common/view/${encodeURIComponent(path)}?sign=x`),
    ),
  };
}

describe('storedPathOfUrl', () => {
  it('reads the stored path under the static route, with or without /system', () => {
    expect(storedPathOfUrl('/sys/common/static/temp/20261127/a_1a2b3c4d5e6f.png')).toBe(
      'temp/20261127/a_1a2b3c4d5e6f.png',
    );
    expect(storedPathOfUrl('/system/sys/common/static/temp/%E5%9B%BE.png?x=1')).toBe('temp/图.png');
    expect(
      storedPathOfUrl(
        'https://admin.example/system/sys/common/static/temp/a.png',
        'https://admin.example',
      ),
    ).toBe('temp/a.png');
  });

  it('leaves other images alone', () => {
    expect(storedPathOfUrl('https://cdn.example/a.png')).toBeNull();
    expect(
      storedPathOfUrl(
        'https://evil.example/system/sys/common/static/a.png',
        'https://admin.example',
      ),
    ).toBeNull();
    expect(storedPathOfUrl('/other/a.png')).toBeNull();
    expect(storedPathOfUrl('/sys/common/static/')).toBeNull();
    expect(storedPathOfUrl('/sys/common/static/temp/../../etc/passwd')).toBeNull();
  });
});

describe('signHtmlImages', () => {
  it('shows stored images through signed view URLs and keeps the rest', async () => {
    const client = signer();
    const html =
      '<p><img src="/system/sys/common/static/temp/a.png" alt="甲">' +
      '<img src="https://cdn.example/b.png" alt="乙"></p>';
    const out = await signHtmlImages(html, client.viewUrl);
    const box = document.createElement('div');
    box.innerHTML = out;
    const [a, b] = [...box.querySelectorAll('img')];
    expect(a!.getAttribute('src')).toBe('/system/sys/common/view/temp%2Fa.png?sign=x');
    expect(a!.getAttribute('alt')).toBe('甲');
    expect(b!.getAttribute('src')).toBe('https://cdn.example/b.png');
    expect(client.viewUrl).toHaveBeenCalledTimes(1);
    expect(client.viewUrl).toHaveBeenCalledWith('temp/a.png');
  });

  it('keeps the src of an image that cannot be signed', async () => {
    const html = '<img src="/sys/common/static/temp/gone.png" alt="x">';
    const out = await signHtmlImages(html, signer(['temp/gone.png']).viewUrl);
    expect(out).toContain('src="/sys/common/static/temp/gone.png"');
  });

  it('returns HTML without stored images untouched, asking nothing', async () => {
    const client = signer();
    const html = '<p>文字 <a href="/sys/x">链接</a></p>';
    expect(await signHtmlImages(html, client.viewUrl)).toBe(html);
    expect(client.viewUrl).not.toHaveBeenCalled();
  });

  it('only rewrites img sources, not links to the static route', async () => {
    const client = signer();
    const html = '<a href="/sys/common/static/temp/a.pdf">文件</a>';
    expect(await signHtmlImages(html, client.viewUrl)).toBe(html);
    expect(client.viewUrl).not.toHaveBeenCalled();
  });
});
