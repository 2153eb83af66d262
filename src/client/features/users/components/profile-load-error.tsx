// What a creator's page shows when their profile does not load: 'User not found' when there is no such creator,
// with a way back to the Shop, otherwise the error's message with Try Again.
import { UserX } from 'lucide-react';
import { Link } from 'react-router';
import { USER_MESSAGES } from '../../../../shared/creator-messages.ts';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { isNotFoundError, useNotFoundPage } from '../../../lib/page-status.ts';

export function ProfileLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const missing = isNotFoundError(error);
  useNotFoundPage(missing);
  return (
    <EmptyState icon={UserX} title={missing ? USER_MESSAGES.userNotFound : getErrorMessage(error)}>
      {missing ? (
        <Link to={paths.shop.getHref()} className={getButtonClass({ size: 'sm' })}>
          {USER_MESSAGES.backToShop}
        </Link>
      ) : (
        <button type="button" className={getButtonClass({ size: 'sm' })} onClick={onRetry}>
          {APP_MESSAGES.tryAgain}
        </button>
      )}
    </EmptyState>
  );
}
