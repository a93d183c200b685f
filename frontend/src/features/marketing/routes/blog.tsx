// /blog: articles on using proxies well.
import { formatDate } from '@/lib/format';
import { ContentPage } from '../components/content-page';
import { BLOG_POSTS } from '../content/blog-posts';

export default function BlogPage() {
  return (
    <ContentPage eyebrow="Blog" title="Proxy know-how" intro="Practical guides from the team that runs the network.">
      <div className="space-y-8">
        {BLOG_POSTS.map((post) => (
          <article key={post.id} aria-labelledby={`${post.id}-title`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.minutes} min read
            </p>
            <h2 id={`${post.id}-title`} className="mt-2 text-xl font-bold tracking-tight">
              {post.title}
            </h2>
            <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300">
              {post.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </ContentPage>
  );
}
