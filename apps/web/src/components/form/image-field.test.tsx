import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageField } from './image-field';

// The page tests answer uploads through MSW, which reports a body as sent all at once: the part-way bar
// is shown here, from the progress the upload reports.
describe('ImageField', () => {
  it('shows the upload’s progress while there is some, and no bar otherwise', () => {
    const field = { label: 'Image', file: null, onFileChange: () => undefined };
    const { rerender } = render(<ImageField {...field} progress={0.4} />);

    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveValue(40);

    rerender(<ImageField {...field} progress={null} />);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });
});
