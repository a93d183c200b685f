// /terms-of-service: the terms of service.
import { Link } from 'react-router';
import { usePublicConfig } from '@/lib/public-config';
import { ContentPage, ProseSection } from '../components/content-page';

/** The refund rule as the server applies it (GET /api/config), never figures typed here. */
function RefundTerms() {
  const terms = usePublicConfig().data?.refunds;
  if (!terms) return <p>Loading the refund terms…</p>;
  return (
    <>
      <p>
        {terms.days > 0
          ? `Unused residential traffic can be refunded to your wallet from the dashboard within ${terms.days} ${terms.days === 1 ? 'day' : 'days'} of its purchase if less than ${terms.maxUsedPercent}% of it was used: the unused part of your latest purchase of that type, once, at the price you paid for it.`
          : 'Residential traffic is not refunded.'}
      </p>
      <p>
        {terms.pieceHours > 0
          ? `A proxy bought by the piece whose check fails within ${terms.pieceHours} ${terms.pieceHours === 1 ? 'hour' : 'hours'} of its delivery can be refunded to your wallet from the dashboard, where its provider allows cancelling it.`
          : 'Proxies bought by the piece are not refunded.'}
      </p>
    </>
  );
}

/** The SLA as the server applies it (GET /api/config: `slaPercent`, `slaMinCredit`). */
function ServiceLevel() {
  const config = usePublicConfig().data;
  if (!config) return <p>Our availability promise is loading…</p>;
  const minimum = config.slaMinCredit.toFixed(2);
  return (
    <>
      <p>
        We promise {config.slaPercent}% availability of Premium and Budget residential traffic in each calendar month (UTC), measured
        every minute on our <Link to="/status">status page</Link>.
      </p>
      <p>
        When a month falls below it, every customer who used that kind of traffic in the month is credited automatically to the
        wallet, without asking: the share of what they paid that month for that kind, less refunds, which matches the
        month&apos;s downtime (spend × minutes down ÷ minutes measured, rounded up to the cent), and at least ${minimum}, but
        never more than they ever paid for that kind (traffic that was never paid for, such as a free trial, earns no credit).
      </p>
    </>
  );
}

export default function TermsPage() {
  return (
    <ContentPage eyebrow="Legal" title="Terms of Service" intro="The rules for using ProxyShop. By creating an account you agree to them.">
      <ProseSection title="1. Your account">
        <p>
          You must give a valid email address and keep your password secret. You are responsible for everything done with your
          account and the proxy credentials generated in it.
        </p>
      </ProseSection>
      <ProseSection title="2. Acceptable use">
        <p>You may not use our proxies to:</p>
        <ul>
          <li>break any law, or access systems without authorisation;</li>
          <li>send spam, run credential-stuffing or denial-of-service attacks;</li>
          <li>distribute malware or infringe the rights of others;</li>
          <li>resell access other than through a reseller account (below).</li>
        </ul>
        <p>
          Reselling is allowed under a reseller account: ask us to make your account a reseller, then open accounts for your
          own clients and move traffic to them from yours. Your clients are bound by these terms as you are, you answer for
          their use of the traffic you give them, and we may suspend a client&apos;s account as we may yours. Sharing your own
          account or its proxy credentials with customers of yours is not reselling under a reseller account.
        </p>
        <p>We may suspend accounts that break these rules, without refund for the traffic used for abuse.</p>
        <p>
          Our gateway refuses some destinations to everyone: our own networks, some ports (such as 25, mail) and the domains,
          networks and categories listed, with the reason for each, on the <Link to="/acceptable-use">acceptable use</Link> page,
          which also says how we handle abuse reports.
        </p>
      </ProseSection>
      <ProseSection title="3. Wallet, plans and refunds">
        <p>
          Prices are in US dollars. Wallet top-ups are credited once the payment is confirmed on the blockchain. Plans are paid
          from your wallet balance and start immediately.
        </p>
        <RefundTerms />
      </ProseSection>
      <ProseSection title="4. Service level">
        <ServiceLevel />
      </ProseSection>
      <ProseSection title="5. Changes">
        <p>
          We may update these terms; material changes are announced by email at least 14 days before they apply. See also our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </ProseSection>
    </ContentPage>
  );
}
