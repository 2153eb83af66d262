import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GatedContentCard, type GatedArea } from './gated-content-card.tsx';

function renderCard(area: GatedArea, path = '/klips?search=saree') {
  const router = createMemoryRouter([{ path: '*', element: <GatedContentCard area={area} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe('GatedContentCard', () => {
  it.each<GatedArea>(['Shop', 'Klips', 'Offers', 'Content'])('titles itself "Sign in to view %s"', (area) => {
    renderCard(area);
    expect(screen.getByRole('heading', { name: `Sign in to view ${area}` })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: `Sign in to view ${area}` })).toBeInTheDocument();
  });

  it('offers Sign In and Create Account, both returning to the current page', () => {
    renderCard('Klips');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth/login?redirectTo=%2Fklips%3Fsearch%3Dsaree',
    );
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/auth/register?redirectTo=%2Fklips%3Fsearch%3Dsaree',
    );
  });
});
