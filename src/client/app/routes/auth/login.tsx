import { BadgePercent, MessageCircle, ShoppingBasket } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AuthLayout, type AuthFeature } from '../../../components/layouts/auth-layout.tsx';
import { REDIRECT_PARAM } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { getSafeReturnPath } from '../../../lib/return-path.ts';

const FEATURES: readonly AuthFeature[] = [
  {
    icon: ShoppingBasket,
    title: 'Your Loot Box, everywhere',
    text: 'Pick up your saved finds on any device.',
  },
  { icon: MessageCircle, title: 'Talk to sellers directly', text: 'WhatsApp, call or e-mail the Shop Star.' },
  { icon: BadgePercent, title: 'Claim offers first', text: 'Grab special offers before they run out.' },
];

export function Component() {
  const [searchParams] = useSearchParams();
  const returnPath = getSafeReturnPath(searchParams.get(REDIRECT_PARAM));
  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to your Lootklip account."
      tagline="The loot you loved is waiting."
      features={FEATURES}
    >
      <LoginForm returnPath={returnPath} />
    </AuthLayout>
  );
}
