import type { Review } from '@toolshop/shared/review';
import type { Tool } from '@toolshop/shared/tool';

export function makeTool(index: number): Tool {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Tool number ${index}`,
    price: 10 + index + 0.5,
    img: `/images/tools/tool-${index}.svg`,
    description: `Description of tool ${index}`,
    minimumOrder: 5 + index,
    availableQuantity: 1000 + index,
  };
}

export function makeReview(index: number): Review {
  return {
    _id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Reviewer ${index}`,
    ratings: (index % 5) + 1,
    description: `Review text ${index}`,
  };
}
