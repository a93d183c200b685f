// /privacy: the privacy policy.
import { SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, ProseSection } from '../components/content-page';

export default function PrivacyPage() {
  return (
    <ContentPage eyebrow="Legal" title="Privacy Policy" intro="What we collect, why we collect it and what you can ask us to do with it.">
      <ProseSection title="Data we collect">
        <p>
          To run your account we store your email address, a hash of your password (never the password itself), your name and
          avatar if you provide them, your wallet transactions and the proxies you generate.
        </p>
        <p>
          To meter traffic we record how many bytes each of your proxies moves per day. We do not record the content of your
          requests or the sites you visit through our network.
        </p>
      </ProseSection>
      <ProseSection title="How we use it">
        <ul>
          <li>to sign you in and keep your session secure;</li>
          <li>to bill your wallet and show your usage and history;</li>
          <li>to send you verification codes and important service messages;</li>
          <li>to detect abuse of our network and comply with the law.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Cookies">
        <p>
          We use one strictly necessary session cookie to keep you signed in. Your theme and sidebar preferences are stored in
          your browser&apos;s local storage and never leave your device. We do not use advertising cookies.
        </p>
      </ProseSection>
      <ProseSection title="Payments">
        <p>
          Top-ups are processed by our cryptocurrency payment provider. We receive the amount, currency and status of each
          payment; we never see your wallet&apos;s private keys.
        </p>
      </ProseSection>
      <ProseSection title="Retention and your rights">
        <p>
          We keep account data while your account is open and for up to 12 months after closure for accounting and abuse
          prevention. You can ask for a copy of your data, its correction or its deletion by writing to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </ProseSection>
    </ContentPage>
  );
}
