// A product needs a way to reach its seller (decision 0046), through the real app on PGlite or
// (with TEST_DATABASE_URL) PostgreSQL: a create without WhatsApp, phone, e-mail or a store link is refused naming
// the fields and writes nothing; one of them alone is enough; a PATCH may not take the last one away; a row stored
// before the rule reads as it is and stays editable in its other fields.
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../../../shared/domain/pricing.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createProductsRepository } from './products.repository.ts';

let t: TestApp;
let seller: { token: string; uid: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  seller = await signUpTestUser(t.app, 'reach.me', { address: '10.46.0.1', fullName: 'Reach Me' });
});
afterAll(() => t.close());

const REFUSED = `contactInfo: ${CATALOGUE_MESSAGES.noContactMethod}`;
const auth = () => ({ authorization: `Bearer ${seller.token}` });
const countProducts = async () =>
  (await t.testDatabase.database.db.selectFrom('products').select('id').execute()).length;

function create(fields: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(),
    payload: { type: 'product', name: 'Brass Diya', price: 100, category: 'Home', ...fields },
  });
}

function patch(id: string, changes: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/products/${id}`, headers: auth(), payload: changes });
}

async function createOk(fields: Record<string, unknown>): Promise<string> {
  const response = await create(fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id as string;
}

describe('creating a product', () => {
  it.each([
    ['nothing', {}],
    [
      'blank fields and no links',
      { contactInfo: { whatsapp: ' ', phone: '', email: '  ' }, externalLinks: [] },
    ],
  ])('refuses %s, naming the fields, and writes nothing', async (_name, fields) => {
    const before = await countProducts();
    const response = await create(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REFUSED);
    expect(REFUSED).toMatch(/WhatsApp.*phone.*e-mail.*externalLinks/);
    expect(await countProducts()).toBe(before);
  });

  it('takes an e-mail alone, a phone alone, or a store link alone', async () => {
    const byEmail = await createOk({ contactInfo: { email: 'reach@example.in' } });
    const byPhone = await createOk({ contactInfo: { phone: '+91 70000 12345' } });
    const byLink = await createOk({ externalLinks: [{ url: 'https://www.amazon.in/dp/B0REACH' }] });
    const read = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json().product.metadata;
    expect((await read(byEmail)).contactInfo).toEqual({ whatsapp: '', phone: '', email: 'reach@example.in' });
    expect((await read(byPhone)).contactInfo.phone).toBe('917000012345');
    expect((await read(byLink)).externalLinks[0].url).toBe('https://www.amazon.in/dp/B0REACH');
  });

  it('names an invalid contact as invalid, not as missing', async () => {
    const response = await create({ contactInfo: { email: 'reach@' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`contactInfo.email: ${CATALOGUE_MESSAGES.invalidEmail}`);
  });
});

describe('changing a product', () => {
  it('refuses a PATCH that takes the last way to reach the seller away, and keeps the row', async () => {
    const id = await createOk({ contactInfo: { whatsapp: '98765 43210' } });
    const cleared = await patch(id, { contactInfo: { whatsapp: '' } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(REFUSED);

    const linked = await createOk({ externalLinks: [{ url: 'https://www.flipkart.com/p/itm0reach' }] });
    const unlinked = await patch(linked, { externalLinks: [] });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().message).toBe(REFUSED);

    const row = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(row.json().product.metadata.contactInfo.whatsapp).toBe('9876543210');
  });

  it('lets one way replace another, merged with what the row has', async () => {
    const id = await createOk({
      contactInfo: { whatsapp: '98765 43210' },
      externalLinks: [{ url: 'https://www.myntra.com/kurta/123' }],
    });
    // The link is still there, so the contacts may all go.
    expect((await patch(id, { contactInfo: { whatsapp: '' } })).statusCode).toBe(200);
    const swapped = await patch(id, { contactInfo: { email: 'reach@example.in' }, externalLinks: [] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().product.metadata).toMatchObject({
      contactInfo: { whatsapp: '', phone: '', email: 'reach@example.in' },
      externalLinks: [],
    });
  });
});

describe('a product stored before the rule, without any contact', () => {
  async function insertOldRow(): Promise<string> {
    const id = ulid();
    await runInTransaction(t.testDatabase.database.db, (tx) =>
      createProductsRepository(tx).create({
        id,
        ownerId: seller.uid,
        imageIds: [],
        product: {
          name: 'Old Clay Lamp',
          description: 'Listed before sellers had to leave a contact.',
          pricePaise: rupeesToPaise(250),
          discount: 0,
          category: 'Home',
          tags: [],
          contactWhatsapp: '',
          contactPhone: '',
          contactEmail: '',
          externalLinks: [],
        },
      }),
    );
    return id;
  }

  it('reads as it is, in its page and in lists', async () => {
    const id = await insertOldRow();
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().product.metadata).toEqual({
      contactInfo: { whatsapp: '', phone: '', email: '' },
      externalLinks: [],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/content?type=product&uid=${seller.uid}&limit=50`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(id);
  });

  it('stays editable in its other fields, and takes a contact', async () => {
    const id = await insertOldRow();
    const renamed = await patch(id, { name: 'Old Clay Lamp, restocked', price: 275 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().product).toMatchObject({ name: 'Old Clay Lamp, restocked', price: 275 });
    expect((await patch(id, { contactInfo: { phone: '' } })).json().message).toBe(REFUSED);
    const reachable = await patch(id, { contactInfo: { phone: '+91 70000 12345' } });
    expect(reachable.json().product.metadata.contactInfo.phone).toBe('917000012345');
  });
});
