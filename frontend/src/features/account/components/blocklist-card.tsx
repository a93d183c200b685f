// The customer's own blocked destinations: one pattern per line (a domain, its subdomains, an
// address or range, a port), saved whole; the gateway refuses them to every credential of the
// account, so a runaway script cannot spend traffic on them.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { MAX_BLOCKED, useOwnBlocklist, useSaveBlocklist } from '../api/blocklist';

const TOO_MANY = `You can block at most ${MAX_BLOCKED} destinations`;

/** The lines of the text box that hold something, trimmed. */
function patternsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The text box over the stored list, saved whole. */
function BlocklistForm({ stored }: { stored: string[] }) {
  const save = useSaveBlocklist();
  const [text, setText] = useState(stored.join('\n'));
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const patterns = patternsOf(text);
    if (patterns.length > MAX_BLOCKED) {
      setError(TOO_MANY);
      return;
    }
    setError(null);
    save.mutate(patterns, {
      onSuccess: (data) => {
        setText(data.patterns.join('\n'));
        notify.success(data.patterns.length === 0 ? 'Blocklist cleared' : `${data.patterns.length} blocked ${data.patterns.length === 1 ? 'destination' : 'destinations'} saved`);
      },
      onError: (failure) => setError(failure instanceof ApiError ? (failure.fields.patterns ?? errorMessage(failure)) : errorMessage(failure)),
    });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-3"
    >
      <label htmlFor="own-blocklist" className="sr-only">
        Blocked destinations, one per line
      </label>
      <textarea
        id="own-blocklist"
        rows={6}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        placeholder={'ads.example.com\n*.doubleclick.net'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'own-blocklist-error' : undefined}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {error && (
        <p id="own-blocklist-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {patternsOf(text).length} of {MAX_BLOCKED}
        </span>
        <Button type="submit" size="sm" disabled={save.isPending} aria-label="Save blocked destinations">
          Save
        </Button>
      </div>
    </form>
  );
}

export function BlocklistCard() {
  const list = useOwnBlocklist();
  return (
    <Card title="Blocked destinations">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Your proxies never connect to these, whatever the credential: useful to keep a script from spending traffic on ad or
        analytics hosts. One per line: a domain (<code>example.com</code>, with its subdomains), its subdomains only (
        <code>*.example.com</code>), an IP address or range, or a port (<code>:25</code>); up to {MAX_BLOCKED}. What the shop blocks
        for everyone is on the <Link className="font-semibold text-brand-700 dark:text-brand-300" to="/acceptable-use">acceptable use</Link> page.
      </p>
      {list.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(list.error)}</p>
      ) : (
        <BlocklistForm stored={list.data.patterns} />
      )}
    </Card>
  );
}
