import type { FastifyPluginAsync } from 'fastify';
import { paths, PUBLIC_PAGES } from '@toolshop/shared/paths';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import type { ResponseCache } from '../plugins/app/response-cache';
import type { CategoryService } from '../categories/service';
import type { ToolService } from '../tools/service';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

const urlEntry = (publicUrl: string, path: string, lastModified?: Date) =>
  `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</url>`;

/**
 * sitemaps.org's format: every public page, category page and product, as absolute addresses; a product
 * with the last change of its page (decision 059).
 */
export function sitemapXml(
  publicUrl: string,
  tools: { id: string; updatedAt: Date }[],
  categorySlugs: string[] = [],
): string {
  const urls = [
    ...[...PUBLIC_PAGES, ...categorySlugs.map(paths.category)].map((path) => urlEntry(publicUrl, path)),
    ...tools.map((tool) => urlEntry(publicUrl, paths.tool(tool.id), tool.updatedAt)),
  ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The storefront for crawlers, the back office and the API not: and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  // Product images live under /api: allowed, as og:image and the JSON-LD name them.
  return `User-agent: *\nAllow: /\nAllow: /api/images/\nDisallow: ${paths.dashboard}\nDisallow: /api\n\nSitemap: ${publicUrl}${paths.sitemap}\n`;
}

/**
 * /sitemap.xml and /robots.txt for search engines (decision 024). The sitemap is built once and kept until the
 * catalogue changes, like the catalogue's own API answers.
 */
export const seoRoutes: FastifyPluginAsync<{
  tools: ToolService;
  categories: CategoryService;
  responses: ResponseCache;
  publicUrl: string;
}> = async (app, { tools, categories, responses, publicUrl }) => {
  const robots = robotsTxt(publicUrl);

  app.get(paths.sitemap, { config: { access: 'public' } }, async (request, reply) => {
    const body = await responses.get(CATALOGUE_TOPIC, paths.sitemap, async () => ({
      text: sitemapXml(
        publicUrl,
        await tools.lastChanges(),
        (await categories.list()).map((category) => category.slug),
      ),
      headers: { 'content-type': 'application/xml; charset=utf-8' },
    }));
    return responses.send(request, reply, body);
  });

  app.get('/robots.txt', { config: { access: 'public' } }, (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
};
