import { imageSrcSet } from '@toolshop/shared/image-sizes';

/**
 * A tool's small picture beside its line (cart, checkout) or on a gallery's thumbnail button: decorative,
 * the line or the button names it. `fetchPriority` low: below a main photo that should load first.
 */
export function LineThumbnail({ src, fetchPriority }: { src: string; fetchPriority?: 'low' }) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && '96px'}
      alt=""
      width="96"
      height="72"
      fetchPriority={fetchPriority}
      className="aspect-[4/3] w-full rounded-lg bg-base-200 object-cover"
    />
  );
}
