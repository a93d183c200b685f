// "Sign in with Google", shown only when GET /api/config returns a client id. The Google Identity
// Services script is loaded only then; its ID token is posted to /api/google-getway as `credential`
// (with the `?ref=` referral code on sign-up). An account with two-factor sign-in on answers
// `{twoFactorRequired: true}`: `onTwoFactor` then shows the code step.
import { useEffect, useRef, useState } from 'react';
import { useTheme } from '@/lib/theme';
import { notify } from '@/lib/toast';
import { useGoogleSignIn } from '../api/google-sign-in';
import { usePublicConfig } from '@/lib/public-config';
import { isTwoFactorChallenge } from '../api/sign-in-reply';

const GIS_SRC = 'https://accounts.google.com/gsi/client';
export const GOOGLE_FAILED = 'Failed to login with Google';
export const GOOGLE_SUCCESS = 'Successfully logged in with Google';

let scriptPromise: Promise<void> | null = null;

function loadScript(): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

type InnerProps = { clientId: string; text: 'signin_with' | 'signup_with'; refCode?: string | null; onTwoFactor?: () => void };

function GoogleButtonInner({ clientId, text, refCode, onTwoFactor }: InnerProps) {
  const container = useRef<HTMLDivElement>(null);
  const [theme] = useTheme();
  const [failed, setFailed] = useState(false);
  const mutation = useGoogleSignIn();
  const mutateRef = useRef(mutation.mutate);
  const refCodeRef = useRef(refCode);
  const onTwoFactorRef = useRef(onTwoFactor);

  useEffect(() => {
    mutateRef.current = mutation.mutate;
    refCodeRef.current = refCode;
    onTwoFactorRef.current = onTwoFactor;
  });

  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then(() => {
        const id = window.google?.accounts.id;
        if (cancelled || !id || !container.current) return;
        id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) =>
            mutateRef.current(
              { credential, refCode: refCodeRef.current ?? undefined },
              {
                onSuccess: (data) => {
                  if (isTwoFactorChallenge(data)) onTwoFactorRef.current?.();
                  else notify.success(data.message || GOOGLE_SUCCESS);
                },
                onError: () => notify.error(GOOGLE_FAILED),
              },
            ),
        });
        container.current.replaceChildren();
        id.renderButton(container.current, {
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text,
          shape: 'rectangular',
          width: Math.min(400, container.current.clientWidth || 320),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text, theme]);

  if (failed) return null;
  return <div ref={container} className="flex min-h-11 justify-center" aria-busy={mutation.isPending || undefined} />;
}

/** Renders nothing unless Google sign-in is configured on the server. */
export function GoogleButton({ mode, refCode, onTwoFactor }: { mode: 'signin' | 'signup'; refCode?: string | null; onTwoFactor?: () => void }) {
  const { data } = usePublicConfig();
  const clientId = data?.googleClientId;
  if (!clientId) return null;
  return (
    <div data-testid="google-sign-in">
      <GoogleButtonInner
        clientId={clientId}
        text={mode === 'signin' ? 'signin_with' : 'signup_with'}
        refCode={refCode}
        onTwoFactor={onTwoFactor}
      />
      <div className="my-6 flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
    </div>
  );
}
