// Signed out, a like or a comment goes to sign in first, remembering this page, as adding to the Loot Box does
// (docs/product.md "Who sees what": the login guard remembers the origin).
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function useSignInFirst(): { signInHref: string; goToSignIn: () => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const signInHref = paths.auth.login.getHref(`${location.pathname}${location.search}${location.hash}`);
  const goToSignIn = useCallback(() => void navigate(signInHref), [navigate, signInHref]);
  return { signInHref, goToSignIn };
}
