import { RETURN_WINDOW_DAYS } from './shop-policies';

export interface FaqEntry {
  question: string;
  answer: string[];
}

export const faqEntries: FaqEntry[] = [
  {
    question: 'Why Us?',
    answer: [
      'We sell tools chosen by and for repair technicians. Every tool we list is tested on real repair work before it goes into our catalogue, so you get precision screwdrivers, spudgers, soldering gear and diagnostic tools you can rely on every day.',
      'We offer wholesale pricing for repair shops and businesses, with a minimum order quantity on each tool. Orders are dispatched quickly, and if you have a question before or after you buy, you talk to real people who know the tools.',
    ],
  },
  {
    question: 'Our Products and policy',
    answer: [
      'We only sell genuine products. Each product card shows the minimum order quantity for that tool, and orders are limited to the stock we have available. Payment is by card at checkout.',
      `Unused items can be returned within ${RETURN_WINDOW_DAYS} days of delivery. Electronic tools, such as soldering stations and multimeters, come with a warranty; the details are listed on each product.`,
    ],
  },
];
