// The one way a form works (decision 0060): Form, bindField and ControlledField over react-hook-form.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { bindField, ControlledField } from './form-bindings.tsx';
import { Form, FORM_OPTIONS } from './form.tsx';
import { TextField } from './text-field.tsx';

type Values = { first: string; second: string; tags: string[] };

/** Every field must be filled; the errors come back in the reverse of the page's order. */
const resolveFilled: Resolver<Values> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (values.tags.length === 0) errors.tags = { type: 'required', message: 'Add a tag.' };
  if (!values.second) errors.second = { type: 'required', message: 'Fill in the second.' };
  if (!values.first) errors.first = { type: 'required', message: 'Fill in the first.' };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

function TestForm({
  onValid,
  blocked,
  onBlocked,
}: {
  onValid: (values: Values) => void;
  blocked?: boolean;
  onBlocked?: () => void;
}) {
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    defaultValues: { first: '', second: '', tags: [] },
    resolver: resolveFilled,
  });
  return (
    <Form form={form} onValid={onValid} blocked={blocked} onBlocked={onBlocked} aria-label="Test">
      <TextField label="First" {...bindField(form, 'first')} />
      <TextField label="Second" {...bindField(form, 'second')} />
      <ControlledField<Values, 'tags'>
        name="tags"
        render={({ value, error, onChange }) => (
          <div>
            <button type="button" onClick={() => onChange([...value, 'diwali'])}>
              Add tag
            </button>
            {error ? <p>{error}</p> : null}
          </div>
        )}
      />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('Form', () => {
  it('shows each error at its field and focuses the first invalid field in page order, sending nothing', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const first = screen.getByLabelText('First');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Fill in the first.');
    expect(screen.getByLabelText('Second')).toHaveAccessibleDescription('Fill in the second.');
    expect(screen.getByText('Add a tag.')).toBeInTheDocument();
    expect(first).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('takes a field’s error away when it is edited, and keeps the others until the next submit', async () => {
    render(<TestForm onValid={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByLabelText('First'), 'a');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));

    expect(screen.getByLabelText('First')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Add a tag.')).toBeNull();
    expect(screen.getByLabelText('Second')).toHaveAttribute('aria-invalid', 'true');
  });

  it('hands the checked values to onValid', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First'), 'one');
    await user.type(screen.getByLabelText('Second'), 'two');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onValid).toHaveBeenCalledWith(
      { first: 'one', second: 'two', tags: ['diwali'] },
      expect.anything(),
    );
  });

  it('does nothing but call onBlocked while blocked', async () => {
    const onValid = vi.fn();
    const onBlocked = vi.fn();
    render(<TestForm onValid={onValid} blocked onBlocked={onBlocked} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByLabelText('First')).not.toHaveAttribute('aria-invalid');
  });
});
