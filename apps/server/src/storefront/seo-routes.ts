import type { FastifyPluginAsync } from 'fastify';
import { paths, PUBLIC_PAGES } from '@toolshop/shared/paths';
import { absoluteImageUrl, rasterImageOf } from '@toolshop/shared/raster-images';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import type { ResponseCache } from '../plugins/app/response-cache';
import type { CategoryService } from '../categories/service';
import type { ToolService } from '../tools/service';

/**
 * Addresses in one file of the sitemap. sitemaps.org caps a file at 50,000 addresses and 50 MB; a file of
 * 10,000 product pages is under 1 MB, quick to build and to fetch (decision 056).
 */
export const SITEMAP_URLS_PER_FILE = 10_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Google's image extension: a product page's picture, so that image search finds it. */
const IMAGE_NAMESPACE = 'http://www.google.com/schemas/sitemap-image/1.1';
const XML_TYPE = { 'content-type': 'application/xml; charset=utf-8' };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

/**
 * One address of the sitemap: a path of the shop, when its page last changed when the shop knows, and the
 * path of its picture (a raster file) when it has one.
 */
export interface SitemapAddress {
  path: string;
  lastModified?: Date;
  images?: string[];
}

const loc = (publicUrl: string, path: string) => `<loc>${escapeXml(`${publicUrl}${path}`)}</loc>`;

/**
 * Every address the sitemap lists, in its order: the public pages, every category's page, then every
 * product with the last change of its page (decision 059) and its photos as raster files (decision 058).
 */
export const sitemapAddresses = (
  tools: readonly { id: string; images: readonly string[]; updatedAt: Date }[],
  categorySlugs: readonly string[] = [],
): SitemapAddress[] => [
  ...[...PUBLIC_PAGES, ...categorySlugs.map(paths.category)].map((path) => ({ path })),
  ...tools.map((tool) => ({
    path: paths.tool(tool.id),
    lastModified: tool.updatedAt,
    images: tool.images.map(rasterImageOf),
  })),
];

/** The addresses of sitemap file `n` (from 1), at most `perFile` of them. */
export const sitemapFileAddresses = <T>(addresses: readonly T[], n: number, perFile: number) =>
  addresses.slice((n - 1) * perFile, n * perFile);

/** How many files the sitemap takes: at least one, even for an empty list. */
export const sitemapFileCount = (addresses: readonly unknown[], perFile: number) =>
  Math.max(1, Math.ceil(addresses.length / perFile));

/**
 * sitemaps.org's `<urlset>`: these addresses, absolute, each with its last change when known and its
 * pictures (Google's `<image:image>`) when it has some.
 */
export function sitemapXml(publicUrl: string, addresses: readonly SitemapAddress[]): string {
  const urls = addresses
    .map(({ path, lastModified, images = [] }) => {
      const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
      const pictures = images
        .map(
          (image) =>
            `<image:image><image:loc>${escapeXml(absoluteImageUrl(image, publicUrl))}</image:loc></image:image>`,
        )
        .join('');
      return `  <url>${loc(publicUrl, path)}${lastmod}${pictures}</url>`;
    })
    .join('\n');
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_NAMESPACE}">\n${urls}\n</urlset>\n`;
}

/** sitemaps.org's `<sitemapindex>`: the sitemap's files 1 to `fileCount`, absolute. */
export function sitemapIndexXml(publicUrl: string, fileCount: number): string {
  const files = Array.from(
    { length: fileCount },
    (_, index) => `  <sitemap>${loc(publicUrl, paths.sitemapFile(index + 1))}</sitemap>`,
  ).join('\n');
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${files}\n</sitemapindex>\n`;
}

/** The storefront for crawlers, the back office and the API not: and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  // Product images live under /api: allowed, as og:image and the JSON-LD name them.
  return `User-agent: *\nAllow: /\nAllow: /api/images/\nDisallow: ${paths.dashboard}\nDisallow: /api\n\nSitemap: ${publicUrl}${paths.sitemap}\n`;
}

/**
 * /sitemap.xml and /robots.txt for search engines (decision 024). The sitemap is an index of files of at
 * most `urlsPerFile` addresses each (decision 056), each built once and kept until the catalogue changes,
 * like the catalogue's own API answers.
 */
export const seoRoutes: FastifyPluginAsync<{
  tools: ToolService;
  categories: CategoryService;
  responses: ResponseCache;
  publicUrl: string;
  urlsPerFile?: number;
}> = async (app, { tools, categories, responses, publicUrl, urlsPerFile = SITEMAP_URLS_PER_FILE }) => {
  const robots = robotsTxt(publicUrl);
  const addresses = async () =>
    sitemapAddresses(
      await tools.lastChanges(),
      (await categories.list()).map((category) => category.slug),
    );

  app.get(paths.sitemap, { config: { access: 'public' } }, async (request, reply) => {
    const body = await responses.get(CATALOGUE_TOPIC, paths.sitemap, async () => ({
      text: sitemapIndexXml(publicUrl, sitemapFileCount(await addresses(), urlsPerFile)),
      headers: XML_TYPE,
    }));
    return responses.send(request, reply, body);
  });

  app.get<{ Params: { n: string } }>(
    paths.sitemapFile(':n(^\\d{1,6})'),
    { config: { access: 'public' } },
    async (request, reply) => {
      const n = Number(request.params.n);
      const body = await responses.get(CATALOGUE_TOPIC, paths.sitemapFile(n), async () => {
        const all = await addresses();
        if (n < 1 || n > sitemapFileCount(all, urlsPerFile)) {
          return { text: 'No such sitemap file', status: 404, headers: { 'content-type': 'text/plain' } };
        }
        return { text: sitemapXml(publicUrl, sitemapFileAddresses(all, n, urlsPerFile)), headers: XML_TYPE };
      });
      return responses.send(request, reply, body);
    },
  );

  app.get('/robots.txt', { config: { access: 'public' } }, (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
};
