import { preload } from 'react-dom';
import { hero } from '../../../content/home';

const BACKGROUND = '/images/site/hero-background.svg';

export function Hero() {
  // The page's largest paint: named in the document's head, so the browser need not find it in the CSS.
  preload(BACKGROUND, { as: 'image', fetchPriority: 'high' });
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-secondary bg-cover bg-center text-white"
      style={{ backgroundImage: `url(${BACKGROUND})` }}
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div>
          <p className="badge badge-outline mb-5 border-primary-on-dark font-semibold text-primary-on-dark">
            Tools for repair professionals
          </p>
          <h1 id="hero-heading" className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">{hero.lead}</p>
          <a href="#tools" className="btn btn-primary btn-lg mt-8">
            {hero.cta}
          </a>
        </div>
        <img
          src={hero.banner.src}
          alt={hero.banner.alt}
          width="640"
          height="480"
          // The largest thing above the fold: fetched before the scripts.
          fetchPriority="high"
          className="mx-auto w-full max-w-xl drop-shadow-2xl"
        />
      </div>
    </section>
  );
}
