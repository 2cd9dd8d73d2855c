import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusinessSummary } from './business-summary';

describe('BusinessSummary', () => {
  it('shows the three SPEC figures with their labels', () => {
    render(<BusinessSummary />);

    const region = screen.getByRole('region', { name: 'Business Summary' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Happy Clients'),
      expect.stringContaining('Page Views'),
      expect.stringContaining('Clients Satisfaction'),
    ]);
    // jsdom has no IntersectionObserver: the counters show their final figures at once.
    expect(items[0]).toHaveTextContent('100k+');
    expect(items[1]).toHaveTextContent('20M+');
    expect(items[2]).toHaveTextContent('100%');
  });
});
