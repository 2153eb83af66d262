import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Clapperboard } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ListErrorState } from './list-error-state.tsx';

describe('ListErrorState', () => {
  it("shows the list's failure text and the reason, and Try Again asks again", async () => {
    const onRetry = vi.fn();
    render(
      <ListErrorState
        icon={Clapperboard}
        title="Could not load klips"
        error={new ApiError(503, 'The server is busy')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Could not load klips')).toBeInTheDocument();
    expect(screen.getByText('The server is busy')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
