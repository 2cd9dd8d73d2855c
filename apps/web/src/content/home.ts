export interface HeroContent {
  headline: string;
  lead: string;
  cta: string;
}

export const hero: HeroContent = {
  headline: 'Here Common Tools Useful for Working With Computers',
  lead: 'Tested, professional-grade repair tools at wholesale prices, shipped fast to technicians and repair businesses.',
  cta: 'Browse tools',
};
