// Shared frame of the premium and budget generator pages: Generate / Plans / Usage / Health
// tabs; the Generate tab holds the form, the credentials and proxy cards of the selected line, the
// list of lines with their Test buttons, and code snippets. The form and the last lines live here so
// they survive switching tabs.
import { useState } from 'react';
import { Card, PageHeader } from '@/components/ui/page-parts';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { Tabs } from '@/components/ui/tabs';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSession } from '@/lib/session';
import { INITIAL_FORM, type GeneratorKind } from '../generate-request';
import { DEFAULT_FORMAT, type ProxyFormat, type ProxyParts } from '../proxy-format';
import { GenerateForm } from './generate-form';
import { HealthTab } from './health-tab';
import { PlansTab } from './plans-tab';
import { CredentialsCard, ProxyCard } from './proxy-cards';
import { ProxyListCard } from './proxy-list';
import { SnippetsCard } from './snippets-card';
import { UsageTab } from './usage-tab';

type Tab = 'generate' | 'plans' | 'usage' | 'health';
const TABS: Array<{ value: Tab; label: string }> = [
  { value: 'generate', label: 'Generate' },
  { value: 'plans', label: 'Plans' },
  { value: 'usage', label: 'Usage' },
  { value: 'health', label: 'Health' },
];

export function GeneratorPage({ kind, title, crumbs }: { kind: GeneratorKind; title: string; crumbs: string[] }) {
  const [tab, setTab] = useState<Tab>('generate');
  // a reseller's client buys nothing from the shop: no Plans tab (docs/resellers.md)
  const client = useSession().user?.resellerClient ?? false;
  const tabs = client ? TABS.filter((item) => item.value !== 'plans') : TABS;
  const [form, setForm] = useState(INITIAL_FORM);
  const [format, setFormat] = useState<ProxyFormat>(DEFAULT_FORMAT);
  const [generated, setGenerated] = useState<{ proxies: ProxyParts[]; socks: boolean }>({ proxies: [], socks: false });
  const [selected, setSelected] = useState(0);
  const proxy = generated.proxies[selected] ?? null;
  const prefix = `gen-${kind}`;
  // Wide: the form and then the lines on the left, the selected line's cards and its snippets on
  // the right. Narrow: form, the selected line's cards, the lines, the snippets.
  const wide = useMediaQuery('(min-width: 1280px)');
  // the four tabs fit on one line of a 375 px phone only in the small size
  const phone = !useMediaQuery('(min-width: 640px)');
  const formCard = (
    <Card title="Generate">
      <GenerateForm
        kind={kind}
        form={form}
        onFormChange={setForm}
        format={format}
        onFormatChange={setFormat}
        onGenerated={(proxies, socks) => {
          setGenerated({ proxies, socks });
          setSelected(0);
        }}
      />
    </Card>
  );
  const lineCards = (
    <>
      <CredentialsCard proxy={proxy} />
      <ProxyCard proxy={proxy} all={generated.proxies} format={format} />
    </>
  );
  const listCard = proxy && <ProxyListCard proxies={generated.proxies} format={format} selected={selected} onSelect={setSelected} />;
  const snippetsCard = proxy && <SnippetsCard proxy={proxy} socks={generated.socks} idPrefix={prefix} />;
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <Tabs label="Sections" idPrefix={prefix} items={tabs} value={tab} onChange={setTab} size={phone ? 'sm' : 'md'} />
      <div role="tabpanel" id={panelId(prefix, tab)} aria-labelledby={tabId(prefix, tab)} className="mt-6">
        {tab === 'generate' && (wide ? (
          <div className="grid grid-cols-[1.3fr_1fr] items-start gap-6">
            <div className="min-w-0 space-y-6">
              {formCard}
              {listCard}
            </div>
            <div className="min-w-0 space-y-6">
              {lineCards}
              {snippetsCard}
            </div>
          </div>
        ) : (
          <div className="space-y-6">
            {formCard}
            {lineCards}
            {listCard}
            {snippetsCard}
          </div>
        ))}
        {tab === 'plans' && !client && <PlansTab kind={kind} />}
        {tab === 'usage' && <UsageTab kind={kind} />}
        {tab === 'health' && <HealthTab kind={kind} />}
      </div>
    </>
  );
}
