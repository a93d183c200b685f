// Sets the browser tab title for a page.
import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ProxyShop`;
  }, [title]);
}
