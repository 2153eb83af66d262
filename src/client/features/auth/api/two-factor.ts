// Two-factor sign-in in settings (decision 0075): its status, the setup (key, otpauth URI and the server's SVG QR
// code), the first code that turns it on, and turning it off (src/shared/contracts/two-factor.ts).
import type {
  TwoFactorDisableBody,
  TwoFactorRecoveryCodesResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '../../../../shared/contracts/two-factor.ts';
import { api } from '../../../lib/api-client.ts';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

export const getTwoFactorStatus = (signal?: AbortSignal) =>
  api.get<TwoFactorStatusResponse>('/auth/two-factor', { signal });

export const startTwoFactorSetup = () => api.post<TwoFactorSetupResponse>('/auth/two-factor/setup');

export const confirmTwoFactor = (code: string) =>
  api.post<TwoFactorRecoveryCodesResponse>('/auth/two-factor/confirm', { code });

export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  api.post<TwoFactorStatusResponse>('/auth/two-factor/disable', body);
