// /support: where to get help.
import { Link } from 'react-router';
import { CHAT_URL, SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, ProseSection } from '../components/content-page';

export default function SupportPage() {
  return (
    <ContentPage eyebrow="Help centre" title="Support" intro="Our team answers around the clock, usually within minutes.">
      <ProseSection title="Fastest: live chat">
        <p>
          <a href={CHAT_URL} target="_blank" rel="noopener noreferrer">
            Open the live chat
          </a>{' '}
          and tell us your account email and what you are trying to do.
        </p>
      </ProseSection>
      <ProseSection title="Email">
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Include the proxy string (without the password) and the
          target site if a request fails.
        </p>
      </ProseSection>
      <ProseSection title="Self-service">
        <ul>
          <li>
            <Link to="/user&guide">Use Guide &amp; Details</Link>: set-up, formats and targeting.
          </li>
          <li>
            <Link to="/faqs">FAQs</Link>: billing, trials and protocols.
          </li>
        </ul>
      </ProseSection>
    </ContentPage>
  );
}
