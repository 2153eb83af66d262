// The quote form with the dialog's values: what the shopper types goes back to the dialog, and a default that
// arrives later (the phone, with the settings) fills a field they have not touched, keeping the errors shown.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { QuoteForm } from '../../../../shared/domain/quote.ts';
import { recordTyped, resolveQuoteForm, type QuoteDefaults } from '../api/quote-defaults.ts';
import { QuoteRequestForm } from './quote-form.tsx';

function Dialog({
  defaults,
  onSubmit,
}: {
  defaults: QuoteDefaults;
  onSubmit: (form: QuoteForm) => Promise<void>;
}) {
  const [typed, setTyped] = useState<Partial<QuoteForm>>({});
  const form = resolveQuoteForm(typed, defaults);
  return (
    <>
      <QuoteRequestForm
        lines={[]}
        values={form}
        onValuesChange={(next) => setTyped(recordTyped(typed, form, next))}
        onBack={() => {}}
        onSubmit={onSubmit}
      />
      <output data-testid="typed">{JSON.stringify(typed)}</output>
    </>
  );
}

describe('QuoteRequestForm', () => {
  it('hands each edit to the dialog and fills an untouched field when its default arrives later', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { rerender } = render(<Dialog defaults={{ name: 'Asha Verma' }} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(screen.getByLabelText('Phone *')).toHaveAccessibleDescription('This field is required');

    await user.type(screen.getByLabelText('Email *'), 'asha@example.in');
    expect(JSON.parse(screen.getByTestId('typed').textContent ?? '')).toEqual({ email: 'asha@example.in' });

    rerender(<Dialog defaults={{ name: 'Asha Verma', phone: '98200 12345' }} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Phone *')).toHaveValue('98200 12345');
    expect(screen.getByLabelText('Email *')).toHaveValue('asha@example.in');
    expect(screen.getByLabelText('Phone *')).toHaveAccessibleDescription('This field is required');

    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'Asha Verma', email: 'asha@example.in', phone: '98200 12345', additionalInfo: '' },
      expect.anything(),
    );
  });
});
