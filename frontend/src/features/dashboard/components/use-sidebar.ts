// Sidebar state: "minimised" on wide screens, kept in localStorage `slideBar` ("true"/"false");
// "open" is the slide-in drawer used under 1024 px and is not stored.
import { useCallback, useState } from 'react';
import { readStorage, SIDEBAR_KEY, writeStorage } from '@/lib/storage-keys';

export function useSidebar() {
  const [minimised, setMinimised] = useState(() => readStorage(SIDEBAR_KEY) === 'true');
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggleMinimised = useCallback(() => {
    const next = !minimised;
    writeStorage(SIDEBAR_KEY, String(next));
    setMinimised(next);
  }, [minimised]);

  return { minimised, toggleMinimised, mobileOpen, setMobileOpen };
}
