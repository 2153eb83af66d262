import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { PolicySection } from './components/policy-page.tsx';
import { POLICY_CONTACTS } from './policy-contacts.ts';

export const PRIVACY_INTRO = (
  <>
    <p>
      This Privacy Policy explains what personal data Lootklip collects, why, how long we keep it and the
      choices you have. It is written for the Digital Personal Data Protection Act, 2023 (the “DPDP Act”) and
      the Information Technology Act, 2000 and the rules made under it. Lootklip is the Data Fiduciary for the
      data described here.
    </p>
    <p>
      The short version: we keep what we need to run your account and show your content; we do not take
      payments, so we never hold your card or bank details; analytics run only if you allow them; and we do
      not sell your personal data.
    </p>
  </>
);

export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account data:</strong> your e-mail address, full name, username, password (stored only as
            a one-way hash) and, if you add them, your avatar, cover image and bio.
          </li>
          <li>
            <strong>Content you publish:</strong> products, photos, klips, offers, comments and replies, and
            the contact details a seller chooses to show on a listing (WhatsApp number, phone, e-mail, store
            links).
          </li>
          <li>
            <strong>Interactions:</strong> likes, views of klips, comments, your Loot Box and the quote
            requests you start, so that the app works across your devices and sellers see honest counts.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, device and browser type, and security logs, kept to
            protect accounts (for example to rate-limit sign-in attempts) and to fix faults.
          </li>
          <li>
            <strong>Analytics, only with your consent:</strong> pages viewed, shares and clicks on shared
            links, collected by Lootklip itself and not by third-party trackers.
          </li>
        </ul>
        <p>
          We do not collect payment data. Purchases happen directly between you and a seller, on channels you
          choose.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    heading: 'Why we use it',
    body: (
      <ul>
        <li>to create and secure your account and keep you signed in;</li>
        <li>to publish your listings, klips and comments and show them to others;</li>
        <li>to save your Loot Box and settings and sync them between devices;</li>
        <li>to prevent fraud, spam and abuse, and to enforce our Terms and Seller Policy;</li>
        <li>to understand which features help people, when you have allowed analytics;</li>
        <li>to meet legal obligations, such as answering lawful requests from authorities.</li>
      </ul>
    ),
  },
  {
    id: 'consent',
    heading: 'Consent and cookies',
    body: (
      <>
        <p>
          Necessary storage (your sign-in session, theme and consent choice) is always used, because the
          Platform cannot work without it. Functional, analytics, marketing and preference categories are off
          until you switch them on in the cookie banner, and you can change your mind at any time from its
          settings. Withdrawing consent is as easy as giving it and does not affect processing already done.
        </p>
        <p>
          Where the DPDP Act allows us to process data for a legitimate use without consent (for example to
          comply with the law or respond to an emergency), we do so only as far as that use requires.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who sees your data',
    body: (
      <>
        <ul>
          <li>
            <strong>Everyone:</strong> your public profile (username, name, avatar, cover, bio), your
            listings, klips, offers and comments.
          </li>
          <li>
            <strong>A seller you contact:</strong> the details you send them yourself, such as your name,
            phone number or e-mail in a quote request. Once you contact a seller on WhatsApp, phone or e-mail,
            their handling of your data is governed by their own practices and the service you used.
          </li>
          <li>
            <strong>Service providers:</strong> hosting and storage companies that process data on our behalf
            under contract, with security obligations and no right to use it for themselves.
          </li>
          <li>
            <strong>Authorities:</strong> when Indian law requires it, for example a valid order under the IT
            Act.
          </li>
        </ul>
        <p>We do not sell or rent personal data.</p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        We keep account data while your account is open. When you close it we delete or anonymise your
        personal data within 30 days, except what we must keep longer by law (for example security logs kept
        for up to 180 days) or to settle a dispute. Content others have already shared as links stops being
        available once deleted. Backups are overwritten on a rolling cycle.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        Passwords are hashed with a modern algorithm, connections are encrypted, sign-in is rate-limited, and
        access to production data is restricted to staff who need it. If a personal data breach occurs, we
        will inform the Data Protection Board of India and affected users as the DPDP Act requires.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <>
        <p>Under the DPDP Act you may:</p>
        <ul>
          <li>get a summary of the personal data we hold about you and how we use it;</li>
          <li>have inaccurate or incomplete data corrected and out-of-date data updated;</li>
          <li>have your data erased once it is no longer needed, unless the law requires us to keep it;</li>
          <li>withdraw consent you have given;</li>
          <li>nominate someone to exercise your rights if you die or become incapacitated;</li>
          <li>have a grievance addressed by us, and then by the Data Protection Board of India.</li>
        </ul>
        <p>
          Much of this you can do yourself: edit your profile, delete your content or change your cookie
          choices. For anything else, write to {POLICY_CONTACTS.privacy}.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        Lootklip is meant for adults. We do not knowingly process the personal data of anyone under 18 without
        verifiable consent of a parent or guardian, and we do not track or target advertising at children. If
        you believe a child has signed up without such consent, tell us and we will delete the account.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact and grievances',
    body: (
      <p>
        Questions about privacy: {POLICY_CONTACTS.privacy}. Complaints go to our Grievance Officer at{' '}
        {POLICY_CONTACTS.grievance}, who acknowledges them within {POLICY_CONTACTS.grievanceAcknowledgeHours}{' '}
        hours and resolves them within {POLICY_CONTACTS.grievanceResponseDays} days. See also our{' '}
        <Link to={paths.terms.getHref()}>Terms of Service</Link>.
      </p>
    ),
  },
];
