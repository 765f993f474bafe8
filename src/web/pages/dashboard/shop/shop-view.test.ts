import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import type { ShopProduct } from '../../../../contract/shop.js';
import { chooseShopAction, maskedShopUrl, moveLimits, productDraftOf, validateProductDraft, type ProductDraft } from './shop-view.js';

const m = messages.shop;
const draft = (fields: Partial<ProductDraft> = {}): ProductDraft => ({ ...productDraftOf(null), title: 'Кружка', price: '100', ...fields });

describe('chooseShopAction', () => {
  const actions = [{ id: 4 }, { id: 9 }];
  it('takes the action from the address when it is the seller’s', () => {
    expect(chooseShopAction(actions, '9')).toBe(9);
  });
  it('falls back to the first action for a missing, foreign or malformed one', () => {
    expect(chooseShopAction(actions, null)).toBe(4);
    expect(chooseShopAction(actions, '77')).toBe(4);
    expect(chooseShopAction(actions, '9abc')).toBe(4);
  });
  it('is null without actions', () => {
    expect(chooseShopAction([], '9')).toBeNull();
  });
});

describe('maskedShopUrl', () => {
  it('masks the token inside the link and keeps the rest', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    expect(maskedShopUrl({ token, shop_url: `https://scan.example/shop/${token}` })).toBe('https://scan.example/shop/AbCdE…2345');
  });
});

describe('validateProductDraft', () => {
  it('passes a whole non-negative price, trims, and defaults the rest', () => {
    expect(validateProductDraft(draft({ title: '  Кружка ', price: '0', description: ' синяя ' }), 3)).toEqual({
      ok: true,
      fields: { title: 'Кружка', price_points: 0, quantity: null, cost: null, description: 'синяя', image_url: null, is_active: true },
    });
  });

  it('reads the cost in rubles with a comma or a dot; empty is not given', () => {
    expect(validateProductDraft(draft({ cost: ' 149,90 ' }), 3)).toMatchObject({ ok: true, fields: { cost: 149.9 } });
    expect(validateProductDraft(draft({ cost: '0.5' }), 3)).toMatchObject({ ok: true, fields: { cost: 0.5 } });
    expect(validateProductDraft(draft({ cost: '' }), 3)).toMatchObject({ ok: true, fields: { cost: null } });
  });

  it.each(['-1', '1,234', '100 ₽', '10000000.01'])('refuses the cost %j', (cost) => {
    expect(validateProductDraft(draft({ cost }), 3)).toEqual({ ok: false, errors: { cost: m.costInvalid }, firstInvalid: 'cost' });
  });

  it('reads an empty quantity as unlimited and a typed one as its number', () => {
    expect(validateProductDraft(draft({ quantity: ' 0 ' }), 3)).toMatchObject({ ok: true, fields: { quantity: 0 } });
    expect(validateProductDraft(draft({ quantity: '' }), 3)).toMatchObject({ ok: true, fields: { quantity: null } });
  });

  it.each(['-1', '2.5', 'много', '1000001'])('refuses the quantity %j', (quantity) => {
    expect(validateProductDraft(draft({ quantity }), 3)).toEqual({
      ok: false,
      errors: { quantity: m.quantityInvalid },
      firstInvalid: 'quantity',
    });
  });

  it.each(['', '-5', '1.5', '10 баллов', 'abc'])('refuses the price %j with SPEC’s text', (price) => {
    expect(validateProductDraft(draft({ price }), 3)).toEqual({
      ok: false,
      errors: { price: m.pricePointsInvalid },
      firstInvalid: 'price',
    });
  });

  it('names every wrong field and focuses the first one on the screen', () => {
    const result = validateProductDraft(draft({ title: '   ', price: '-1', description: 'x'.repeat(2001) }), 3);
    expect(result).toEqual({
      ok: false,
      errors: { title: m.titleRequired, price: m.pricePointsInvalid, description: m.descriptionTooLong },
      firstInvalid: 'title',
    });
  });
});

describe('productDraftOf', () => {
  it('fills the form from the product being edited', () => {
    const product = {
      title: 'Кепка',
      price_points: 250,
      quantity: 3,
      cost: 120.5,
      description: 'Белая',
      image_url: 'https://x/a.jpg',
      is_active: false,
    } as ShopProduct;
    expect(productDraftOf(product)).toEqual({
      title: 'Кепка',
      price: '250',
      quantity: '3',
      cost: '120,5',
      description: 'Белая',
      imageUrl: 'https://x/a.jpg',
      isActive: false,
    });
  });
});

describe('moveLimits', () => {
  it('disables up for the first product and down for the last', () => {
    expect(moveLimits(0, 3)).toEqual({ canMoveUp: false, canMoveDown: true });
    expect(moveLimits(2, 3)).toEqual({ canMoveUp: true, canMoveDown: false });
    expect(moveLimits(0, 1)).toEqual({ canMoveUp: false, canMoveDown: false });
  });
});
