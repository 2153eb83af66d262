import { PolicyPage } from '../../features/policies/components/policy-page.tsx';
import { POLICY_LAST_UPDATED } from '../../features/policies/policy-contacts.ts';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../../features/policies/privacy-content.tsx';

export function Component() {
  return (
    <PolicyPage
      title="Privacy Policy"
      updated={POLICY_LAST_UPDATED}
      intro={PRIVACY_INTRO}
      sections={PRIVACY_SECTIONS}
    />
  );
}
