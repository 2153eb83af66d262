import { KeyRound, LogOut, MailCheck } from 'lucide-react';
import { PASSWORD_RESET_TTL_MS } from '../../../../shared/constants.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import type { AuthFeature } from '../../../components/layouts/auth-layout.tsx';

/** The marketing panel of the forgot-password and reset pages: how a reset link works (decision 0045). */
export const PASSWORD_RESET_FEATURES: readonly AuthFeature[] = [
  { icon: MailCheck, ...PASSWORD_RESET_MESSAGES.featureMail },
  { icon: KeyRound, ...PASSWORD_RESET_MESSAGES.featureOnce(PASSWORD_RESET_TTL_MS / 60_000) },
  { icon: LogOut, ...PASSWORD_RESET_MESSAGES.featureSignOut },
];
