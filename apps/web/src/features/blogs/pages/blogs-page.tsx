import { blogPosts } from '../../../content/blogs';

export function BlogsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="mb-10 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">Blogs</h1>
        <p className="mt-3 text-base-content/70">
          Short answers to questions web developers ask about React and JavaScript.
        </p>
      </header>
      <div className="space-y-8">
        {blogPosts.map((post) => (
          <article
            key={post.slug}
            id={post.slug}
            aria-labelledby={`${post.slug}-title`}
            className="rounded-box border-2 border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
          >
            <h2 id={`${post.slug}-title`} className="text-xl font-bold leading-snug text-secondary">
              {post.question}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-base-content/80">
              {post.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            {post.example && (
              // Focusable so that keyboard users can scroll a wide example sideways.
              <pre
                tabIndex={0}
                role="group"
                aria-label={`Example code: ${post.question}`}
                className="mt-5 overflow-x-auto rounded-lg bg-secondary p-4 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <code>{post.example}</code>
              </pre>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}
