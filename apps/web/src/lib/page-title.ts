import { PRODUCT_TITLE } from '@kantora/domain';
import { useEffect } from 'react';

export function pageTitle(title: string): string {
  return title ? `${title} | ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

/** Sets the document title to "<title> | Kantora" while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
