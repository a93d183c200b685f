// /use-case/:slug: one use case (e-commerce, data-scraping, ad-verification, online-survey).
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { ContentPage, ProseSection } from '../components/content-page';
import { StartCtaLink } from '../components/start-cta';
import { USE_CASES } from '../content/use-cases';
import NotFoundPage from './not-found';

export default function UseCaseDetailPage() {
  const { slug } = useParams();
  const useCase = USE_CASES.find((item) => item.slug === slug);
  if (!useCase) return <NotFoundPage />;
  return (
    <ContentPage eyebrow="Use case" title={useCase.title} intro={useCase.summary}>
      <ProseSection title="The challenge">
        <p>{useCase.problem}</p>
      </ProseSection>
      <ProseSection title="How ProxyShop helps">
        <ul>
          {useCase.solution.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </ProseSection>
      <ProseSection title="Recommended proxies">
        <p>{useCase.recommended}</p>
      </ProseSection>
      <div className="mt-10 flex flex-wrap gap-3">
        <StartCtaLink className={buttonClasses('primary')} />
        <Link to="/use-case" className={buttonClasses('outline')}>
          All use cases
        </Link>
      </div>
    </ContentPage>
  );
}
