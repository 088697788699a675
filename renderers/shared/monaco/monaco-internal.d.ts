/** An internal monaco module the setup uses (no typings ship for it). */
declare module 'monaco-editor/base/browser/ui/hover/hoverDelegateFactory' {
  export function getDefaultHoverDelegate(placement: 'mouse' | 'element'): unknown;
}
