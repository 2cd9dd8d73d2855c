import { imageSrcSet } from '@toolshop/shared/image-sizes';

/** A tool's small picture beside its line (cart, checkout): decorative, the line names the tool. */
export function LineThumbnail({ src }: { src: string }) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && '96px'}
      alt=""
      width="96"
      height="72"
      className="aspect-[4/3] w-full rounded-lg bg-base-200 object-cover"
    />
  );
}
