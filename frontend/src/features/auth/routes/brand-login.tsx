// /r/:slug: a reseller's own sign-in page. It shows the reseller's brand (name, logo, colour and
// support contact) instead of the shop's, and signs in with `brand: slug`, which the server accepts
// only for that reseller and its clients (anyone else hears "Invalid email or password"). A slug
// no reseller holds is a page that says so. Signed in, the visitor goes to the dashboard.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Schemas, User } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { homeFor, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { ThemeSwitch } from '@/components/theme-switch';
import { brandQueryOptions } from '../api/get-brand';
import type { SecondFactor } from '../api/sign-in-reply';
import { LoginForm } from '../components/login-form';
import { TwoFactorStep } from '../components/two-factor-step';

type Brand = Schemas['PublicBrand'];

function Frame({ brand, title, children }: { brand: Brand | null; title: string; children: React.ReactNode }) {
  useDocumentTitle(brand ? `${title} · ${brand.name}` : title);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-900/40">
      <div aria-hidden="true" className="h-1.5 w-full bg-slate-300 dark:bg-slate-700" style={brand ? { backgroundColor: brand.colour } : undefined} />
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        {brand ? <BrandMark brand={brand} /> : <span />}
        <ThemeSwitch />
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-8 sm:justify-center sm:px-6">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">{children}</div>
      </main>
    </div>
  );
}

function Support({ brand }: { brand: Brand }) {
  if (!brand.supportEmail && !brand.supportUrl) return null;
  const link = 'tap-target font-medium text-brand-700 underline wrap-anywhere dark:text-brand-300';
  return (
    <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300" data-testid="brand-support">
      Need help?{' '}
      {brand.supportEmail && (
        <a href={`mailto:${brand.supportEmail}`} className={link}>
          {brand.supportEmail}
        </a>
      )}
      {brand.supportEmail && brand.supportUrl && ' · '}
      {brand.supportUrl && (
        <a href={brand.supportUrl} target="_blank" rel="noreferrer" className={link}>
          Support page
        </a>
      )}
    </p>
  );
}

export default function BrandLoginPage() {
  const slug = useParams().slug ?? '';
  const brand = useQuery({ ...brandQueryOptions(slug), retry: false });
  const { user, isLoading } = useSession();
  const queryClient = useQueryClient();
  const [twoFactor, setTwoFactor] = useState<SecondFactor | null>(null);

  if (isLoading || brand.isPending) return <PageSpinner />;
  if (user) return <Navigate to={homeFor(user)} replace />;
  if (brand.isError) {
    const missing = brand.error instanceof ApiError && brand.error.status === 404;
    return (
      <Frame brand={null} title={missing ? 'No such brand' : 'Sign-in unavailable'}>
        <h1 className="text-2xl font-bold tracking-tight">{missing ? 'No such brand' : 'Sign-in unavailable'}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {missing ? `No provider signs in at /r/${slug}. Check the link your provider sent you.` : errorMessage(brand.error)}
        </p>
        <Link to="/login" className="tap-target mt-6 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Go to the sign-in page
        </Link>
      </Frame>
    );
  }

  const signedIn = (next: User, message: string) => {
    queryClient.setQueryData(queryKeys.session, next);
    notify.success(message);
  };

  return (
    <Frame brand={brand.data} title="Sign in">
      <h1 className="text-2xl font-bold tracking-tight">{twoFactor ? 'Two-factor sign-in' : `Sign in to ${brand.data.name}`}</h1>
      <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">
        {twoFactor === 'email'
          ? 'Enter the code we just mailed to you.'
          : twoFactor
            ? 'Enter the code from your authenticator app, or one of your recovery codes.'
            : 'Use the email and password your provider gave you.'}
      </p>
      {twoFactor ? (
        <TwoFactorStep method={twoFactor} onSignedIn={signedIn} onRestart={() => setTwoFactor(null)} />
      ) : (
        <LoginForm brand={slug} onSignedIn={() => undefined} onTwoFactor={setTwoFactor} />
      )}
      <Support brand={brand.data} />
    </Frame>
  );
}
