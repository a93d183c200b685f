// /onboard/proxies: the pieces held with their renewals (RenewalsCard), then every generated proxy (GET /api/user/proxies) with a kind filter, a debounced
// search (both go back to page 1), pages of 20 and an export of the whole filtered list as
// proxy_<date>.txt, one proxy per line (a row of a rotating generation gives all its lines).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { DownloadIcon } from '@/components/ui/icons';
import { Card, PageHeader } from '@/components/ui/page-parts';
import { SelectField } from '@/components/ui/select-field';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { errorMessage } from '@/lib/api-client';
import { KIND_TAB_LABELS, PROXY_KINDS, type ProxyKind } from '@/lib/kinds';
import { DOWNLOAD_FAILED, downloadFileName, NO_PROXY_TO_DOWNLOAD, PROXY_DOWNLOADED, saveTextFile } from '@/lib/text-file';
import { notify } from '@/lib/toast';
import { expandRows } from '@/lib/history-lines';
import { fetchAllGeneratedProxies, generatedProxiesQueryOptions, PER_PAGE } from '../api/get-generated-proxies';
import type { GeneratedProxiesFilter } from '@/lib/query-keys';
import { GeneratedProxiesTable } from './generated-proxies-table';
import { RenewalsCard } from './renewals-card';

export const SEARCH_DEBOUNCE_MS = 300;

type Filter = Omit<GeneratedProxiesFilter, 'perPage'>;

const isKind = (value: string): value is ProxyKind => (PROXY_KINDS as readonly string[]).includes(value);

function saveProxies(proxies: string[]) {
  if (proxies.length === 0) {
    notify.error(NO_PROXY_TO_DOWNLOAD);
    return;
  }
  try {
    saveTextFile(`${proxies.join('\n')}\n`, downloadFileName());
    notify.success(PROXY_DOWNLOADED);
  } catch {
    notify.error(DOWNLOAD_FAILED);
  }
}

export function GeneratedProxiesPage() {
  const [filter, setFilter] = useState<Filter>({ type: '', q: '', page: 1 });
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((q: string) => setFilter((current) => (current.q === q ? current : { ...current, q, page: 1 })), SEARCH_DEBOUNCE_MS);
  const proxies = useQuery(generatedProxiesQueryOptions({ ...filter, perPage: PER_PAGE }));
  const exportAll = useMutation({ mutationFn: fetchAllGeneratedProxies });

  function onExport() {
    exportAll.mutate(
      { type: filter.type, q: filter.q },
      { onSuccess: (items) => saveProxies(expandRows(items)), onError: (error) => notify.error(errorMessage(error)) },
    );
  }

  return (
    <>
      <PageHeader
        title="Generated Proxy history"
        crumbs={['Generated Proxies']}
        actions={
          <Button variant="outline" onClick={onExport} busy={exportAll.isPending}>
            <DownloadIcon className="h-4 w-4" />
            Export .txt
          </Button>
        }
      />
      <RenewalsCard />
      <Card>
        <div className="mb-4 grid gap-3 sm:grid-cols-[12rem_1fr]">
          <SelectField
            label="Type"
            value={filter.type}
            onChange={(event) => {
              const type = isKind(event.target.value) ? event.target.value : '';
              setFilter((current) => ({ ...current, type, page: 1 }));
            }}
          >
            <option value="">All</option>
            {PROXY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_TAB_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Search"
            type="search"
            placeholder="Search proxies"
            autoComplete="off"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              applySearch(event.target.value.trim());
            }}
          />
        </div>
        <div aria-busy={proxies.isFetching || undefined}>
          <GeneratedProxiesTable
            items={proxies.data?.items}
            loading={proxies.isPending}
            failed={proxies.isError}
            filtered={filter.type !== '' || filter.q !== ''}
            onRetry={() => void proxies.refetch()}
          />
        </div>
        <Pager
          label="Generated proxies pages"
          page={filter.page}
          perPage={proxies.data?.perPage ?? PER_PAGE}
          total={proxies.data?.total ?? 0}
          onChange={(page) => setFilter((current) => ({ ...current, page }))}
        />
      </Card>
    </>
  );
}
