import { useSearchParams } from 'react-router';
import { PASSWORD_RESET_TOKEN_PARAM } from '../../../../shared/constants.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { PASSWORD_RESET_FEATURES } from '../../../features/auth/components/password-reset-features.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

// The page a reset link opens: /auth/reset-password?token=... (docs/product.md "Auth pages", decision 0045).
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title={PASSWORD_RESET_MESSAGES.resetTitle}
      subtitle={PASSWORD_RESET_MESSAGES.resetSubtitle}
      tagline={PASSWORD_RESET_MESSAGES.tagline}
      features={PASSWORD_RESET_FEATURES}
    >
      <ResetPasswordForm token={searchParams.get(PASSWORD_RESET_TOKEN_PARAM)} />
    </AuthLayout>
  );
}
