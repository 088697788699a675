/** Layout breakpoints (shell.md §1): below 768 px mobile, below 1088 px narrow, else desktop. */
export type Viewport = 'mobile' | 'narrow' | 'desktop';

export const MOBILE_QUERY = '(max-width: 767.99px)';
export const NARROW_QUERY = '(min-width: 768px) and (max-width: 1087.99px)';

export function currentViewport(matches: (query: string) => boolean): Viewport {
  if (matches(MOBILE_QUERY)) return 'mobile';
  if (matches(NARROW_QUERY)) return 'narrow';
  return 'desktop';
}
