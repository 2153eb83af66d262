import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getButtonClass } from './button-styles.ts';

/**
 * The foot of a seller's form: an optional Delete on the left, Cancel and the submit button on the right (stacked,
 * submit on top, on a phone).
 */
export function FormActions({
  cancelTo,
  submitLabel,
  disabled,
  danger,
  formId,
  submitClassName = 'sm:min-w-44',
}: {
  cancelTo: string;
  submitLabel: string;
  disabled: boolean;
  /** The Delete button of an edit form. */
  danger?: ReactNode;
  /** The form's id, when the buttons sit outside it. */
  formId?: string;
  submitClassName?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {danger}
      <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
        <Link to={cancelTo} className={getButtonClass({ variant: 'secondary', size: 'lg' })}>
          Cancel
        </Link>
        <button
          type="submit"
          form={formId}
          disabled={disabled}
          className={getButtonClass({ size: 'lg', className: submitClassName })}
        >
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
