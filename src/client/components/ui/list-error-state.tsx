// A list that could not load its first page (klips, offers, a creator's klips): the list's own failure text, the
// reason, and Try Again, which asks for the list again.
import type { LucideIcon } from 'lucide-react';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { getErrorMessage } from '../../lib/api-client.ts';
import { getButtonClass } from './button-styles.ts';
import { EmptyState } from './empty-state.tsx';

export function ListErrorState({
  icon,
  title,
  error,
  onRetry,
}: {
  icon: LucideIcon;
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState icon={icon} title={title}>
      <p>{getErrorMessage(error)}</p>
      <button type="button" className={getButtonClass({ size: 'sm', className: 'mt-3' })} onClick={onRetry}>
        {APP_MESSAGES.tryAgain}
      </button>
    </EmptyState>
  );
}
