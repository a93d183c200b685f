// The copy action of a proxy row (or of any credential text): an icon button that copies the text
// and confirms with a toast.
import { CopyIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';

export function CopyProxyButton({ proxy, message, label = 'Copy proxy' }: { proxy: string; message: string; label?: string }) {
  return (
    <button
      type="button"
      onClick={() => void copyText(proxy, message)}
      aria-label={label}
      className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <CopyIcon className="h-4 w-4" />
    </button>
  );
}
