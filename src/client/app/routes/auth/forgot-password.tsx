import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { PASSWORD_RESET_FEATURES } from '../../../features/auth/components/password-reset-features.ts';

// Forgot password (docs/product.md "Auth pages", decision 0045).
export function Component() {
  return (
    <AuthLayout
      title={PASSWORD_RESET_MESSAGES.forgotTitle}
      subtitle={PASSWORD_RESET_MESSAGES.forgotSubtitle}
      tagline={PASSWORD_RESET_MESSAGES.tagline}
      features={PASSWORD_RESET_FEATURES}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
