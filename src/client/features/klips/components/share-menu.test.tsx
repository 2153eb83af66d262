// The klip's Share button (docs/product.md "Accessibility"): after a copy it shows `Copied`, and its accessible name
// still contains the words it shows, so a speech user who says what they see reaches it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KLIP_SOCIAL_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { createApiTestServer } from '../../../test/render-app.tsx';
import { createTestKlip } from '../test-klip.ts';
import { ShareMenu } from './share-menu.tsx';

const server = createApiTestServer();
const klip = createTestKlip();

/** The words the button shows (its icon is hidden), and its accessible name, lower case for comparing. */
function readButton(button: HTMLElement) {
  return {
    shown: (button.textContent ?? '').trim().toLowerCase(),
    name: (button.getAttribute('aria-label') ?? '').toLowerCase(),
  };
}

describe('the klip Share button', () => {
  it('is named with the words it shows, before and after copying the link', async () => {
    server.respond('POST', '/api/v1/interactions', { status: 201, body: { success: true } });
    const user = userEvent.setup();
    render(<ShareMenu klip={klip} />);
    const button = screen.getByRole('button', { name: KLIP_SOCIAL_MESSAGES.share });
    expect(readButton(button).shown).toBe(KLIP_SOCIAL_MESSAGES.share.toLowerCase());
    expect(readButton(button).name).toContain(readButton(button).shown);

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: KLIP_SOCIAL_MESSAGES.copyLink }));
    await waitFor(() => expect(readButton(button).shown).toBe(KLIP_SOCIAL_MESSAGES.copied.toLowerCase()));
    expect(readButton(button).name).toContain(readButton(button).shown);
    expect(button).toHaveAccessibleName(KLIP_SOCIAL_MESSAGES.shareCopied);
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/api/v1/interactions')).toBe(true),
    );
  });
});
