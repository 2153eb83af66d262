import { PolicyPage } from '../../features/policies/components/policy-page.tsx';
import { POLICY_LAST_UPDATED } from '../../features/policies/policy-contacts.ts';
import { TERMS_INTRO, TERMS_SECTIONS } from '../../features/policies/terms-content.tsx';

export function Component() {
  return (
    <PolicyPage
      title="Terms of Service"
      updated={POLICY_LAST_UPDATED}
      intro={TERMS_INTRO}
      sections={TERMS_SECTIONS}
    />
  );
}
