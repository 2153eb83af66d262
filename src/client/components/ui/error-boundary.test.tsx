import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('shows its fallback in place of a part that fails to render, tells onError, and keeps the rest', () => {
    const onError = vi.fn();
    // React reports the caught error on the console; here that is expected, not a failure.
    vi.mocked(console.error).mockImplementation(() => undefined);
    render(
      <>
        <p>Still here</p>
        <ErrorBoundary fallback={<p>Could not load this section.</p>} onError={onError}>
          <Broken />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByText('Could not load this section.')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(vi.mocked(console.error)).toHaveBeenCalled();
    vi.mocked(console.error).mockClear();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary fallback={<p>fallback</p>}>
        <p>content</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
  });
});
