// /user&guide: how to go from sign-up to a working proxy, the string formats, and a call to the
// customer API (with the signed-in customer's own key prefix when they have a key) and a link to
// the API reference, and why a connection can fail with what to do (the anchors the Health tab
// links to).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiKeysQueryOptions, curlExample } from '@/lib/api-keys';
import { API_REFERENCE_PATH } from '@/lib/api-reference';
import { useSession } from '@/lib/session';
import { settingsPath } from '@/lib/settings-sections';
import { FAILED_CONNECTIONS_ANCHOR, FAILURE_TOPICS, topicLabels, type TopicId } from '@/lib/failure-reasons';
import { ContentPage, ProseSection } from '../components/content-page';
import { useHashScroll } from '../components/use-hash-scroll';
import { ROTATION_COPY } from '@/lib/rotation';

const formats = ['host:port:user:pass', 'host:port@user:pass', 'user:pass:host:port', 'user:pass@host:port'];

function ApiSection() {
  const { user } = useSession();
  const keys = useQuery({ ...apiKeysQueryOptions, enabled: Boolean(user) });
  const prefix = keys.data?.items[0]?.prefix ?? null;
  return (
    <ProseSection title="Automate with the API">
      <p>
        Create an API key under <Link to={settingsPath('api')}>Settings → API</Link> with the scopes it needs (<code>read</code> for usage,
        history, balance and plans; <code>generate</code> to generate proxies; <code>buy</code> to spend the wallet), then send it as a
        bearer token. The key is shown once when you create it{prefix ? '; below is the start of yours' : ''}:
      </p>
      <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-sm text-slate-100" data-testid="api-curl">
        {curlExample(globalThis.location.origin, prefix)}
      </pre>
      <p>
        Every route, with its parameters, answers and errors, is in the <Link to={API_REFERENCE_PATH}>API reference</Link>.
      </p>
    </ProseSection>
  );
}

function FailedConnectionsSection() {
  return (
    <ProseSection title="Failed connections" id={FAILED_CONNECTIONS_ANCHOR}>
      <p>
        The Health tab of the Premium and Residential pages counts the connections that failed and why. What each reason means and what to
        do:
      </p>
      {(Object.keys(FAILURE_TOPICS) as TopicId[]).map((id) => {
        const topic = FAILURE_TOPICS[id];
        const labels = topicLabels(id);
        return (
          <div key={id} id={topic.anchor} className="scroll-mt-24">
            <h3 className="mt-6 font-semibold text-slate-900 dark:text-slate-100">{topic.title}</h3>
            {labels.length > 0 && <p className="text-sm text-slate-600 dark:text-slate-400">Shown as: {labels.join(', ')}</p>}
            <p>{topic.guide}</p>
          </div>
        );
      })}
    </ProseSection>
  );
}

export default function UserGuidePage() {
  useHashScroll();
  return (
    <ContentPage eyebrow="Help centre" title="Use Guide & Details" intro="From sign-up to your first request in five steps.">
      <ProseSection title="1. Create your account">
        <p>
          <Link to="/register">Register</Link> with your email. We send a 6-digit code to confirm it; enter it together with a password
          that has an uppercase letter, a lowercase letter, a number and one of <code>@$!%*?&amp;</code>.
        </p>
      </ProseSection>
      <ProseSection title="2. Top up your wallet">
        <p>
          Click your balance in the dashboard&apos;s top bar and choose an amount (minimum $0.10) and a currency: LTC, USDT, TRX or
          DOGE. The balance updates as soon as the payment is confirmed.
        </p>
      </ProseSection>
      <ProseSection title="3. Buy a plan">
        <p>
          Residential plans are sold per GB; static, LTE mobile and datacenter proxies per piece. Open the product in the sidebar,
          pick a plan and confirm.
        </p>
      </ProseSection>
      <ProseSection title="4. Generate a proxy">
        <p>
          Choose the protocol (<code>Http/s</code> or <code>Socks5</code>), rotating or sticky sessions, the location and an output
          format, then press Generate. Copy the string or download it as a text file.
        </p>
      </ProseSection>
      <ProseSection title="5. Use it">
        <p>Pass the proxy to any HTTP client. With curl:</p>
        <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-sm text-slate-100">
          curl -x http://USER:PASS@HOST:PORT https://ipinfo.io/json
        </pre>
      </ProseSection>
      <ApiSection />
      <ProseSection title="Output formats">
        <ul>
          {formats.map((format) => (
            <li key={format}>
              <code>{format}</code>
            </li>
          ))}
        </ul>
      </ProseSection>
      <ProseSection title="Session lifetimes">
        <p>{ROTATION_COPY.premium}</p>
        <p>{ROTATION_COPY.budget}</p>
        <p>{ROTATION_COPY.sticky}</p>
      </ProseSection>
      <FailedConnectionsSection />
    </ContentPage>
  );
}
