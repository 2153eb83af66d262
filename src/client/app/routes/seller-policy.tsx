import { PolicyPage } from '../../features/policies/components/policy-page.tsx';
import { POLICY_LAST_UPDATED } from '../../features/policies/policy-contacts.ts';
import {
  SELLER_POLICY_INTRO,
  SELLER_POLICY_SECTIONS,
} from '../../features/policies/seller-policy-content.tsx';

export function Component() {
  return (
    <PolicyPage
      title="Seller Policy"
      updated={POLICY_LAST_UPDATED}
      intro={SELLER_POLICY_INTRO}
      sections={SELLER_POLICY_SECTIONS}
    />
  );
}
