import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import {
  clampAmountText,
  createEmptyOfferForm,
  findChangedFields,
  fromLocalInput,
  readServerFieldError,
  resolveOfferForm,
  toLocalInput,
  toOfferInput,
  type OfferFormValues,
} from './offer-form-values.ts';

function createValues(changes: Partial<OfferFormValues> = {}): OfferFormValues {
  return {
    ...createEmptyOfferForm(new Date(2026, 10, 25, 10, 30)),
    title: 'Diwali sale',
    discountValue: '20',
    products: ['p1'],
    ...changes,
  };
}

async function resolve(values: OfferFormValues) {
  return resolveOfferForm(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('offer form values', () => {
  it('starts now and ends OFFER_DEFAULT_DURATION_DAYS (7) days later, in the browser’s time zone', () => {
    const empty = createEmptyOfferForm(new Date(2026, 10, 25, 10, 30, 45));
    expect(empty.startDate).toBe('2026-11-25T10:30');
    expect(empty.endDate).toBe('2026-12-02T10:30');
  });

  it('reads a datetime-local text in the browser’s time zone, and leaves blank or bad text to the server', () => {
    expect(fromLocalInput('2026-11-25T10:30')).toBe(new Date(2026, 10, 25, 10, 30).toISOString());
    expect(toLocalInput(new Date(fromLocalInput('2026-01-02T03:04') ?? ''))).toBe('2026-01-02T03:04');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('soon')).toBeUndefined();
  });

  it('raises a negative amount to 0 and leaves anything else as typed', () => {
    expect(clampAmountText('-50')).toBe('0');
    expect(clampAmountText('₹ -1,000')).toBe('0');
    expect(clampAmountText('250')).toBe('250');
    expect(clampAmountText('abc')).toBe('abc');
    expect(clampAmountText('')).toBe('');
  });

  it('maps the typed values to the schema’s input: blank minimum 0, blank cap null, terms as typed', () => {
    expect(
      toOfferInput(
        createValues({ minPurchase: '', maxDiscount: '', terms: [{ text: ' a ' }, { text: '' }] }),
      ),
    ).toMatchObject({ discountValue: 20, minPurchase: 0, maxDiscount: null, terms: [' a ', ''] });
  });

  it('checks with the server’s schema: the spec’s texts at their fields', async () => {
    const result = await resolve(
      createValues({
        title: '  ',
        discountValue: '',
        startDate: '2026-12-10T10:00',
        endDate: '2026-12-01T10:00',
        products: [],
      }),
    );
    expect(result.errors.title?.message).toBe(OFFER_MESSAGES.titleRequired);
    expect(result.errors.discountValue?.message).toBe(OFFER_MESSAGES.valueRequired);
    expect(result.errors.startDate?.message).toBe(OFFER_MESSAGES.startAfterEnd);
    expect(result.errors.products?.message).toBe(OFFER_MESSAGES.productsRequired);
  });

  it('refuses a percentage above 100 at the value, but not a fixed amount of 150', async () => {
    expect((await resolve(createValues({ discountValue: '150' }))).errors.discountValue?.message).toBe(
      OFFER_MESSAGES.percentTooHigh,
    );
    expect((await resolve(createValues({ discountValue: '150', discountType: 'fixed' }))).errors).toEqual({});
  });

  it('gives the checked body: terms trimmed with empty ones dropped', async () => {
    const result = await resolve(
      createValues({ minPurchase: '250', terms: [{ text: '  One per shopper ' }, { text: '   ' }] }),
    );
    expect(result.values).toMatchObject({ minPurchase: 250, terms: ['One per shopper'] });
  });

  it('refuses a negative minimum at its field with the server’s text', async () => {
    const result = await resolve(createValues({ minPurchase: '-5' }));
    expect(result.errors.minPurchase?.message).toBe(OFFER_MESSAGES.minPurchaseNegative);
  });

  it('finds only the fields an edit changed', async () => {
    const initial = createValues({ terms: [{ text: 'One per shopper' }] });
    const edited = await resolve({ ...initial, title: 'Diwali mega sale', products: ['p1', 'p2'] });
    expect(findChangedFields(initial, edited.values as never)).toEqual({
      title: 'Diwali mega sale',
      products: ['p1', 'p2'],
    });
  });

  it('reads the field of a server 400, for a create (metadata.) and for a PATCH', () => {
    expect(readServerFieldError('metadata.title: Offer title is required')).toEqual({
      name: 'title',
      message: 'Offer title is required',
    });
    expect(readServerFieldError('products: p9 is not one of your products')).toEqual({
      name: 'products',
      message: 'p9 is not one of your products',
    });
    expect(readServerFieldError('metadata.terms.3: Too big')).toEqual({ name: 'terms', message: 'Too big' });
    expect(readServerFieldError('uid: not allowed')).toBeUndefined();
    expect(readServerFieldError('Something went wrong')).toBeUndefined();
  });
});
