// /acceptable-use: what the gateway refuses to every customer and how abuse reports are handled,
// stated from the same configuration and rules the gateway enforces (GET /api/acceptable-use).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, errorMessage, unwrap } from '@/lib/api-client';
import { ContentPage, ProseSection } from '../components/content-page';

const policyQuery = {
  queryKey: ['acceptable-use'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/acceptable-use', { signal })),
};

function ports(list: number[]): string {
  if (list.length === 0) return 'none';
  return list.join(', ');
}

export default function AcceptableUsePage() {
  const policy = useQuery(policyQuery);
  const data = policy.data;
  return (
    <ContentPage
      eyebrow="Legal"
      title="Acceptable use"
      intro="What our proxies never connect to, and how we handle reports of abuse. This page is generated from the rules our gateway enforces."
    >
      <ProseSection title="1. What you may not do">
        <p>
          You may not use our proxies to break any law, access systems without authorisation, send spam, run credential-stuffing or
          denial-of-service attacks, distribute malware or infringe the rights of others. The{' '}
          <Link to="/terms-of-service">Terms of Service</Link> apply in full.
        </p>
      </ProseSection>
      <ProseSection title="2. Destinations we block">
        <p>
          Our gateway refuses these before it connects: over HTTP with <code>403 Forbidden</code> and{' '}
          <code>Proxy-Status: error=destination_denied</code>, over SOCKS5 with reply 2 (not allowed by ruleset). Refused connections
          use no traffic and appear in your usage records.
        </p>
        {policy.isPending ? (
          <p>Loading the current rules…</p>
        ) : policy.isError || !data ? (
          <p>{errorMessage(policy.error)}</p>
        ) : (
          <ul>
            {data.internalAddressesRefused && <li>private, loopback and link-local addresses (our own networks);</li>}
            <li>destination ports: {ports(data.refusedPorts)};</li>
            {data.categories.map((category) => (
              <li key={category.name}>
                the <strong>{category.name}</strong> category ({category.patterns.toLocaleString('en-US')}{' '}
                {category.patterns === 1 ? 'domain or network' : 'domains and networks'});
              </li>
            ))}
            {data.rules.map((rule) => (
              <li key={rule.pattern}>
                <code>{rule.pattern}</code>: {rule.reason};
              </li>
            ))}
            {data.ruleCount > data.rules.length && <li>and {data.ruleCount - data.rules.length} further rules.</li>}
          </ul>
        )}
        <p>
          A domain is blocked with its subdomains. You can also block destinations for your own account under Settings → Access → Blocked
          destinations; those are refused as blocked by you.
        </p>
      </ProseSection>
      <ProseSection title="3. Reports of abuse">
        <p>
          If our proxies were used against your site, <Link to="/abuse">report it</Link> with the destination and the time. We find
          the exact customer and credential from our connection records
          {data ? `, which we keep for ${data.recordsKeptDays} ${data.recordsKeptDays === 1 ? 'day' : 'days'}` : ''}, reply to you, and
          may warn the customer, suspend the credential, disable the account or block the destination for them.
        </p>
      </ProseSection>
    </ContentPage>
  );
}
