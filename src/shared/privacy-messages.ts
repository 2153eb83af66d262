// Texts of the privacy settings' effects (decision 0071): what a reader sees where a seller's
// whoCanContactMe keeps their contact methods from them.
export const PRIVACY_MESSAGES = {
  notTakingContacts: 'This Shop Star is not taking contacts right now.',
} as const;
