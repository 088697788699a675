import { useEffect } from 'react';
import { useBaseConfig } from '../state/use-base-config';

/** `<page title> - <product name>`; only the product name when `title` is null (home). */
export function pageTitle(title: string | null, productName: string): string {
  return title ? `${title} - ${productName}` : productName;
}

export function useDocumentTitle(title: string | null): void {
  const { productName } = useBaseConfig();
  useEffect(() => {
    document.title = pageTitle(title, productName);
  }, [title, productName]);
}
