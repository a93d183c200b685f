// /onboard/settings/<section>: the frame of the customer's settings. The section list is a side
// list from the lg breakpoint and a scrollable row of links above it below; each section is its
// own page (routes/sections/*), so every one has an address that can be linked to and bookmarked.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-parts';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session';
import { SETTINGS_SECTIONS, settingsPath } from '@/lib/settings-sections';
import { SettingsNav } from '../components/settings-nav';

export default function SettingsLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const current = SETTINGS_SECTIONS.find((section) => pathname.startsWith(settingsPath(section.slug)));
  // after the page header's own title (a parent's effect runs after its children's)
  useDocumentTitle(current ? `${current.label} settings` : 'Settings');

  if (!user) return null;
  return (
    <>
      <PageHeader title="Settings" crumbs={current ? ['Settings', current.label] : undefined} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <SettingsNav />
        <div className="min-w-0">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </>
  );
}
