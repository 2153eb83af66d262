import { Link } from 'react-router';
import { KLIP_SOCIAL_MESSAGES } from '../../../../../shared/klip-social-messages.ts';
import { getButtonClass } from '../../../../components/ui/button-styles.ts';
import { useSignInFirst } from '../../hooks/use-sign-in-first.ts';

/** Signed out, the composer's place holds a way to sign in that comes back to this page. */
export function SignInToComment() {
  const { signInHref } = useSignInFirst();
  return (
    <Link to={signInHref} className={getButtonClass({ className: 'w-full' })}>
      {KLIP_SOCIAL_MESSAGES.signInToComment}
    </Link>
  );
}
