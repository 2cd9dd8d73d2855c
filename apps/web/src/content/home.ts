export interface HeroContent {
  headline: string;
  lead: string;
  cta: string;
  /** The banner beside the headline, and the picture of a link to a page that has none of its own. */
  banner: { src: string; alt: string };
}

export const hero: HeroContent = {
  headline: 'Here Common Tools Useful for Working With Computers',
  lead: 'Tested, professional-grade repair tools at wholesale prices, shipped fast to technicians and repair businesses.',
  cta: 'Browse tools',
  banner: {
    src: '/images/site/hero-banner.svg',
    alt: 'A laptop opened on a workbench, surrounded by repair tools',
  },
};
