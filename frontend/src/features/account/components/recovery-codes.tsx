// The 10 recovery codes, shown once right after two-factor sign-in is turned on: copy, download,
// and "I have saved them", after which they are gone from the page for good.
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { saveTextFile } from '@/lib/text-file';
import { notify } from '@/lib/toast';
import { FALLBACK_ERROR } from '@/lib/api-client';

export const RECOVERY_FILE = 'proxyshop-recovery-codes.txt';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;

  function download() {
    try {
      saveTextFile(text, RECOVERY_FILE);
      notify.success('Recovery codes downloaded');
    } catch {
      notify.error(FALLBACK_ERROR);
    }
  }

  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <div className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100" role="note">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.{' '}
        <strong>They are shown only now.</strong>
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-slate-100 px-3 py-2 text-center tracking-wider dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => void copyText(text, 'Recovery codes copied to clipboard')}>
          Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}
