import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { PolicySection } from './components/policy-page.tsx';
import { POLICY_CONTACTS } from './policy-contacts.ts';

export const SELLER_POLICY_INTRO = (
  <>
    <p>
      Every Lootklip account can sell. As a Shop Star you list products, post klips and run offers, and
      shoppers contact you directly to buy. This Seller Policy sets out what we expect of you, in addition to
      our <Link to={paths.terms.getHref()}>Terms of Service</Link>. Shoppers trust Lootklip because sellers
      keep these rules.
    </p>
    <p>
      You are the seller of record for everything you list. You are responsible for complying with the laws
      that apply to your business, including the Consumer Protection Act, 2019, the Consumer Protection
      (E-Commerce) Rules, 2020, the Legal Metrology (Packaged Commodities) Rules, 2011 and GST law where you
      are required to register.
    </p>
  </>
);

export const SELLER_POLICY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'genuine',
    heading: 'Genuine products only',
    body: (
      <ul>
        <li>List only products you have the right to sell, in the condition you describe.</li>
        <li>No counterfeits, replicas, “first copies” or products that misuse someone else’s brand.</li>
        <li>Use your own photos and klips, or ones you have permission to use. Show the actual product.</li>
        <li>
          State the brand, the country of origin and whether the product is new, refurbished or used. For
          packaged goods, show the details the Legal Metrology rules require on request.
        </li>
      </ul>
    ),
  },
  {
    id: 'pricing',
    heading: 'Accurate prices',
    body: (
      <ul>
        <li>
          Prices are in Indian rupees (₹) and must be the price you will actually charge, including GST.
        </li>
        <li>Say clearly if delivery, installation or cash-on-delivery charges are extra.</li>
        <li>
          A struck-through “original price” must be a price at which you genuinely sold the product recently.
          Invented reference prices to make a discount look bigger are not allowed.
        </li>
        <li>Update or remove a listing as soon as the price changes or the product is out of stock.</li>
      </ul>
    ),
  },
  {
    id: 'offers',
    heading: 'Honour your offers',
    body: (
      <>
        <p>
          An offer you publish is a promise. For its whole validity period, you must give the stated discount
          to any shopper who meets its conditions (minimum purchase, products covered, maximum discount) and
          who contacts you with it. Terms you attach must be shown in the offer, not added afterwards.
        </p>
        <p>
          If you need to end an offer early, end it on Lootklip first; offers already claimed must still be
          honoured.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited',
    heading: 'Prohibited items',
    body: (
      <>
        <p>You may not list, show in klips or promote:</p>
        <ul>
          <li>weapons, ammunition, explosives and fireworks;</li>
          <li>narcotic drugs, psychotropic substances and related paraphernalia; prescription medicines;</li>
          <li>alcohol, tobacco, e-cigarettes and vapes (banned in India);</li>
          <li>wildlife, animal parts and products protected under the Wild Life (Protection) Act, 1972;</li>
          <li>stolen goods, counterfeit currency, government IDs and documents;</li>
          <li>adult content and products, and anything harmful to children;</li>
          <li>hazardous chemicals, recalled products and items unsafe for consumer use;</li>
          <li>financial products, lottery tickets, betting or gambling services;</li>
          <li>personal data, hacked accounts, pirated software or media;</li>
          <li>anything else whose sale is unlawful in India or in the state where you sell it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'shoppers',
    heading: 'Respond to shoppers',
    body: (
      <ul>
        <li>
          Keep the contact details on your listings working, and reply to enquiries within two working days.
        </li>
        <li>Confirm price, delivery time, return and warranty terms in writing before you take payment.</li>
        <li>Issue an invoice for every sale and deliver what you agreed, on time.</li>
        <li>
          Handle returns, refunds and complaints fairly and as the law requires. Publish a grievance contact
          for your business and respond to complaints within the time limits of the E-Commerce Rules.
        </li>
        <li>
          Use a shopper’s details only for their purchase. Do not add them to marketing lists without their
          consent.
        </li>
      </ul>
    ),
  },
  {
    id: 'klips',
    heading: 'Klips and reviews',
    body: (
      <ul>
        <li>Klips must show the product honestly. Disclose paid promotions and gifted products.</li>
        <li>
          Do not buy likes, views or comments, or post fake reviews, including on competitors’ products.
        </li>
        <li>Respect comment authors: do not harass shoppers who leave critical but honest comments.</li>
      </ul>
    ),
  },
  {
    id: 'enforcement',
    heading: 'Enforcement',
    body: (
      <p>
        We review reports from shoppers, rights holders and authorities. Depending on how serious and how
        repeated a breach is, we may remove listings, pause offers, limit your account or close it, and we
        will report unlawful activity where the law requires. You may appeal a decision by writing to{' '}
        {POLICY_CONTACTS.sellers} within 30 days; grievances go to {POLICY_CONTACTS.grievance}.
      </p>
    ),
  },
];
