// The sonner <Toaster>: top-right, 320 px wide, coloured success (green) and error (red) toasts.
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toasterMounted } from '@/lib/toast';

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
      style={{ ['--width' as string]: '320px' }}
    />
  );
}
