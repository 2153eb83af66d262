// The addresses the policies publish. One place, so the operator changes them once before going live.
export const POLICY_CONTACTS = {
  support: 'support@lootklip.in',
  privacy: 'privacy@lootklip.in',
  grievance: 'grievance@lootklip.in',
  sellers: 'sellers@lootklip.in',
  grievanceResponseDays: 15,
  grievanceAcknowledgeHours: 24,
} as const;

export const POLICY_LAST_UPDATED = '1 July 2025';
