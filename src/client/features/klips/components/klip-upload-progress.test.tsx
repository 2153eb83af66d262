import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KlipUploadProgress } from './klip-upload-progress.tsx';

describe('KlipUploadProgress', () => {
  it('shows the share sent as a bar and a percentage, and Cancel calls back', async () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <KlipUploadProgress fileName="klip.mp4" progress={0.424} onCancel={onCancel} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading video' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    expect(screen.getByText('Uploading klip.mp4')).toBeInTheDocument();
    expect(bar.firstElementChild).toHaveStyle({ width: '42%' });

    rerender(<KlipUploadProgress fileName="klip.mp4" progress={1} onCancel={onCancel} />);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100%')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
