// Scrolls to the element named by the URL hash (/#faq, /#pricing) after each navigation.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useHashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const element = document.getElementById(id);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'start' });
  }, [hash, key]);
}
