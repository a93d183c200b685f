// The sonner <Toaster>: top-right just below the 64 px top bar (the dashboard's and the public
// header, both sticky), 320 px wide, at most three toasts shown at once (older ones wait behind),
// coloured success (green) and error (red) toasts.
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { TOAST_TOP_OFFSET_PX, toasterMounted, VISIBLE_TOASTS } from '@/lib/toast';

export default function AppToaster() {
  const [theme] = useTheme();
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      theme={theme}
      duration={4000}
      offset={{ top: TOAST_TOP_OFFSET_PX }}
      mobileOffset={{ top: TOAST_TOP_OFFSET_PX }}
      visibleToasts={VISIBLE_TOASTS}
      style={{ ['--width' as string]: '320px' }}
    />
  );
}
