// Integration help: the selected line in ready-to-paste code (curl, Python requests, Node,
// Playwright, Puppeteer), with a copy button.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { Tabs } from '@/components/ui/tabs';
import { copyText } from '@/lib/clipboard';
import type { ProxyParts } from '../proxy-format';
import { snippet, SNIPPET_LANGUAGES, type SnippetLanguage } from '../snippets';

export const SNIPPET_COPIED = 'Copied to clipboard';

export function SnippetsCard({ proxy, socks, idPrefix }: { proxy: ProxyParts; socks: boolean; idPrefix: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const code = snippet(language, proxy, socks);
  const prefix = `${idPrefix}-snippet`;
  return (
    <Card
      title="Use it in code"
      actions={
        <Button size="sm" variant="outline" aria-label="Copy code" onClick={() => void copyText(code, SNIPPET_COPIED)}>
          <CopyIcon className="h-4 w-4" />
          Copy code
        </Button>
      }
    >
      <Tabs label="Language" idPrefix={prefix} items={SNIPPET_LANGUAGES} value={language} onChange={setLanguage} size="sm" />
      <div role="tabpanel" id={panelId(prefix, language)} aria-labelledby={tabId(prefix, language)} className="mt-3">
        {/* Focusable, so that keyboard users can scroll a long line sideways. */}
        <pre
          tabIndex={0}
          role="region"
          aria-label="Code snippet"
          className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-3 text-xs leading-relaxed text-slate-100 dark:bg-slate-950" data-testid="snippet">
          <code>{code}</code>
        </pre>
      </div>
    </Card>
  );
}
