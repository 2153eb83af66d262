import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { PolicySection } from './components/policy-page.tsx';
import { POLICY_CONTACTS } from './policy-contacts.ts';

export const TERMS_INTRO = (
  <>
    <p>
      Welcome to Lootklip. These Terms of Service (the “Terms”) govern your use of the Lootklip website and
      apps (together, the “Platform”). By creating an account or using the Platform you agree to these Terms,
      to our <Link to={paths.privacy.getHref()}>Privacy Policy</Link> and, if you sell, to our{' '}
      <Link to={paths.sellerPolicy.getHref()}>Seller Policy</Link>. If you do not agree, please do not use
      Lootklip.
    </p>
    <p>
      Lootklip is a discovery marketplace. Sellers, whom we call Shop Stars, list products, publish short
      videos (“klips”) and run offers. Shoppers browse, watch, collect products in a Loot Box and contact
      sellers directly.{' '}
      <strong>
        Lootklip does not sell products, does not take payments and has no in-app checkout. Every purchase is
        made directly between you and the seller, off the Platform.
      </strong>
    </p>
  </>
);

export const TERMS_SECTIONS: readonly PolicySection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are and what we do',
    body: (
      <>
        <p>
          Lootklip operates as an intermediary within the meaning of the Information Technology Act, 2000 and
          the Information Technology (Intermediary Guidelines and Digital Media Ethics Code) Rules, 2021. We
          host content that sellers and users publish; we do not write, check in advance or endorse it.
        </p>
        <p>
          Because we do not sell goods or collect money, we are not a party to any sale, quotation or delivery
          arranged between a shopper and a seller. Prices on Lootklip are shown in Indian rupees (₹) as
          entered by the seller and are indicative until the seller confirms them to you.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Eligibility and your account',
    body: (
      <>
        <ul>
          <li>
            You must be at least 18 years old, or use Lootklip under the supervision of a parent or legal
            guardian who accepts these Terms for you.
          </li>
          <li>
            Give accurate information when you register, including a username that does not impersonate anyone
            or mislead others.
          </li>
          <li>
            Keep your password secret and tell us at once at {POLICY_CONTACTS.support} if you think someone
            else has used your account. You are responsible for what happens under your account.
          </li>
          <li>
            One person may hold one account. We may refuse a username that is offensive or infringes a trade
            mark.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'buying',
    heading: 'Buying through Lootklip',
    body: (
      <>
        <p>
          When you tap Loot Now, request a quote or follow a seller’s store link, you leave the Platform’s
          part of the journey. Contact happens over WhatsApp, phone, e-mail or an external store chosen by the
          seller, and the price, payment method, delivery, returns and warranty are agreed between you and the
          seller.
        </p>
        <ul>
          <li>Confirm the final price, taxes and delivery charges with the seller before you pay.</li>
          <li>
            Prefer traceable payment methods (UPI, cards or bank transfer with an invoice). Never share an
            OTP, UPI PIN or card PIN with anyone, including someone claiming to be from Lootklip. We will
            never ask for them.
          </li>
          <li>
            Offers shown on Lootklip are made by sellers, who must honour them on the stated terms. If a
            seller refuses to, report it to us.
          </li>
          <li>
            The Loot Box is a saved list, not an order. Sharing a Loot Box shares only the list of products,
            not your contact details.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    heading: 'Your content',
    body: (
      <>
        <p>
          You keep ownership of the photos, klips, descriptions, comments and other content you publish. You
          grant Lootklip a non-exclusive, royalty-free, worldwide licence to host, store, reproduce, resize,
          transcode, display and distribute that content on the Platform and in links shared from it, for as
          long as it stays on Lootklip and for a reasonable time afterwards in backups.
        </p>
        <p>You confirm that you have the rights to everything you publish and that it does not:</p>
        <ul>
          <li>infringe anyone’s copyright, trade mark, design or other rights, or sell counterfeit goods;</li>
          <li>harass, threaten, defame or discriminate against anyone, or invade their privacy;</li>
          <li>contain obscene material, or any material harmful to children;</li>
          <li>deceive or mislead shoppers about a product, its price, origin or condition;</li>
          <li>
            promote anything unlawful in India, including the items listed as prohibited in the Seller Policy;
          </li>
          <li>contain malware, spam, or links meant to phish or defraud.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'conduct',
    heading: 'Acceptable use',
    body: (
      <ul>
        <li>Do not scrape, copy in bulk or resell Platform data without our written permission.</li>
        <li>
          Do not interfere with the Platform, probe it for weaknesses without permission, or bypass its
          limits.
        </li>
        <li>
          Do not inflate likes, views or comments with automation, paid engagement or multiple accounts.
        </li>
        <li>
          Do not use contact details you obtain on Lootklip for anything other than the purchase you asked
          about.
        </li>
      </ul>
    ),
  },
  {
    id: 'moderation',
    heading: 'Reports, takedowns and grievances',
    body: (
      <>
        <p>
          Anyone may report content or a seller. We act on reports and on orders from courts or authorised
          government agencies as the law requires, and may remove content, limit features or suspend accounts
          that break these Terms. Where we can, we tell the affected user why and let them respond.
        </p>
        <p>
          <strong>Grievance Officer.</strong> In line with the Intermediary Guidelines and the Consumer
          Protection (E-Commerce) Rules, 2020, complaints may be sent to our Grievance Officer at{' '}
          {POLICY_CONTACTS.grievance}. We acknowledge a complaint within{' '}
          {POLICY_CONTACTS.grievanceAcknowledgeHours} hours and resolve it within{' '}
          {POLICY_CONTACTS.grievanceResponseDays} days. Please include your username, links to the content
          concerned and what you want us to do.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    heading: 'Disclaimers and liability',
    body: (
      <>
        <p>
          The Platform is provided “as is”. We work to keep it available and secure, but we do not promise it
          will be uninterrupted or error-free. Sellers, not Lootklip, are responsible for their listings, for
          the products they sell and for honouring their offers.
        </p>
        <p>
          To the extent the law allows, Lootklip is not liable for any loss arising from a transaction between
          a shopper and a seller, or for indirect or consequential loss. Where we are liable, our total
          liability to you is limited to ₹1,000. Nothing in these Terms limits rights you have as a consumer
          under the Consumer Protection Act, 2019 that cannot be limited by contract.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    heading: 'Closing your account',
    body: (
      <p>
        You may stop using Lootklip and ask us to delete your account at any time by writing to{' '}
        {POLICY_CONTACTS.support}. We may suspend or close an account that seriously or repeatedly breaks
        these Terms, or where the law requires us to. The sections on content licences already used, liability
        and governing law continue to apply after closure.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms as the Platform or the law changes. We will show the date of the latest
        version at the top of this page and tell you in the app before a significant change takes effect. If
        you keep using Lootklip after that date, the updated Terms apply.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law and disputes',
    body: (
      <p>
        These Terms are governed by the laws of India. We encourage you to contact us first so we can try to
        resolve any dispute informally. Otherwise, the courts at Bengaluru, Karnataka have exclusive
        jurisdiction, without affecting your right to approach a consumer commission where the law allows.
      </p>
    ),
  },
];
