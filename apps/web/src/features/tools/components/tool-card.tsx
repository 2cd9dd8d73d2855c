import { Link } from 'react-router';
import { imageSrcSet } from '@toolshop/shared/image-sizes';
import { paths } from '@toolshop/shared/paths';
import type { Tool } from '@toolshop/shared/tool';
import { AverageRating } from '../../../components/ui/average-rating';
import { AddToCartForm } from '../../cart';
import { ToolFigures } from './tool-figures';

/** A tool of the catalogue, leading to its own page. `eager`: its image is shown without scrolling. */
export function ToolCard({ tool, eager = false }: { tool: Tool; eager?: boolean }) {
  const headingId = `tool-${tool._id}`;
  const page = paths.tool(tool._id);
  const srcSet = imageSrcSet(tool.img);
  return (
    <article
      aria-labelledby={headingId}
      className="card group relative overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-xl"
    >
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={tool.img}
          srcSet={srcSet}
          // One column on phones, two from 640 px, three of at most 400 px from 1024 px. Only with a
          // srcset: sizes alone is invalid HTML (an SVG or another site's image has none).
          sizes={srcSet && '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw'}
          alt={tool.name}
          loading={eager ? 'eager' : 'lazy'}
          width="480"
          height="360"
          className="size-full object-cover transition duration-300 group-hover:scale-105"
        />
      </figure>
      <div className="card-body gap-3">
        <h3 id={headingId} className="card-title text-lg leading-snug">
          {/* One link per card, stretched over all of it: the whole card leads to the tool's page. */}
          <Link to={page} className="link-hover after:absolute after:inset-0">
            {tool.name}
          </Link>
        </h3>
        <AverageRating average={tool.rating.average} count={tool.rating.count} />
        <ToolFigures tool={tool} size="card" />
        <p className="text-sm leading-relaxed text-base-content/75">{tool.description}</p>
        <div className="card-actions mt-auto flex-col gap-2 pt-2">
          <AddToCartForm tool={tool} />
          <Link
            to={paths.purchase(tool._id)}
            className="btn btn-primary btn-block relative z-10"
            aria-label={`Purchase ${tool.name}`}
          >
            Purchase
          </Link>
        </div>
      </div>
    </article>
  );
}
