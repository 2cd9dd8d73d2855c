import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { makeTool } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { ToolSearch } from './tool-search';

const multimeter: Tool = { ...makeTool(1), name: 'Digital Multimeter' };
const clamp: Tool = { ...makeTool(2), name: 'Clamp Meter' };
const probe: Tool = { ...makeTool(3), name: 'Test Probe Set' };

function ToolPage() {
  return <h1>Page of {useParams().id}</h1>;
}

/**
 * The navbar's search over a catalogue API whose answers are held until the test releases them, so an
 * answer for letters typed earlier can arrive after the buyer has moved on.
 */
function renderSearch() {
  const held = new Map<string, (tools: Tool[]) => void>();
  server.use(
    http.get('/api/tools', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return new Promise<Response>((resolve) =>
        held.set(q, (tools) => resolve(HttpResponse.json({ items: tools, total: tools.length }))),
      );
    }),
  );
  renderRoutes([
    { path: '/', Component: ToolSearch },
    { path: '/tools/:id', Component: ToolPage },
  ]);
  const answer = async (q: string, tools: Tool[]) => {
    await waitFor(() => expect(held.has(q)).toBe(true));
    held.get(q)!(tools);
  };
  return { answer, user: userEvent.setup(), search: screen.getByRole('combobox', { name: 'Search tools' }) };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Suggested tools', hidden: true })).queryAllByRole('option');

describe('ToolSearch', () => {
  it('keeps the tool chosen with ↓ when a later answer still holds it, and Enter opens that tool', async () => {
    const { answer, user, search } = renderSearch();

    await user.type(search, 'multim');
    await answer('multim', [multimeter, clamp]);
    await screen.findByRole('option', { name: /Digital Multimeter/ });

    await user.type(search, 'etre');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Digital Multimeter/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // The answer for the whole word arrives after ↓, with the chosen tool in another place.
    await answer('multimetre', [probe, multimeter]);
    await screen.findByRole('option', { name: /Test Probe Set/ });
    expect(screen.getByRole('option', { name: /Digital Multimeter/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(search).toHaveAttribute('aria-activedescendant', options()[1]!.id);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: `Page of ${multimeter._id}` })).toBeInTheDocument();
  });

  it('lets go of the choice when the buyer types on, or when a later answer no longer holds the tool', async () => {
    const { answer, user, search } = renderSearch();

    await user.type(search, 'cla');
    await answer('cla', [clamp]);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Clamp Meter/ })).toHaveAttribute('aria-selected', 'true');

    await user.type(search, 'mp');
    expect(screen.getByRole('option', { name: /Clamp Meter/ })).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Clamp Meter/ })).toHaveAttribute('aria-selected', 'true');
    await answer('clamp', [probe]);
    await screen.findByRole('option', { name: /Test Probe Set/ });
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual(['false']);
    expect(search).not.toHaveAttribute('aria-activedescendant');
  });
});
