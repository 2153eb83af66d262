import { Clapperboard, Share2, Store } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AuthLayout, type AuthFeature } from '../../../components/layouts/auth-layout.tsx';
import { REDIRECT_PARAM } from '../../../config/paths.ts';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { getSafeReturnPath } from '../../../lib/return-path.ts';

const FEATURES: readonly AuthFeature[] = [
  {
    icon: Clapperboard,
    title: 'Discover through klips',
    text: 'See products in short videos before you buy.',
  },
  { icon: Store, title: 'Become a Shop Star', text: 'List products, post klips and run offers.' },
  { icon: Share2, title: 'Share your Loot Box', text: 'Send your picks to friends with one link.' },
];

export function Component() {
  const [searchParams] = useSearchParams();
  const returnPath = getSafeReturnPath(searchParams.get(REDIRECT_PARAM));
  return (
    <AuthLayout
      title="Join Lootklip"
      subtitle="Create your account. It's free."
      tagline="Shop what creators love. Sell what you love."
      features={FEATURES}
    >
      <RegisterForm returnPath={returnPath} />
    </AuthLayout>
  );
}
