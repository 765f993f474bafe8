import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { ShopProduct } from '../../../../contract/shop.js';
import { uploadMessages } from '../../../../contract/uploads.js';
import { useCreateProductMutation, useUpdateProductMutation } from '../../../api/shop.js';
import { ImagePicker } from '../../../components/image-picker.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { TextAreaField, TextField } from '../../../components/text-field.js';
import { productDraftOf, validateProductDraft, type ProductDraft, type ProductField } from './shop-view.js';

const m = messages.shop;
const s = messages.shopScreen;

/**
 * The product form (SPEC §2, §4): create mode, or edit mode for `product`. The owner
 * remounts it (`key`) when the mode changes, so a cancel or a save starts from a clean form.
 * Checked in the browser with the server's schema; the first wrong field takes the focus.
 */
export function ProductForm({
  projectId,
  product,
  onDone,
  onNotice,
  headingRef,
}: {
  projectId: number;
  product: ShopProduct | null;
  /** Saved or cancelled: the owner goes back to create mode. */
  onDone: () => void;
  onNotice: (notice: Notice | null) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  const create = useCreateProductMutation(projectId);
  const update = useUpdateProductMutation(projectId);
  const [draft, setDraft] = useState<ProductDraft>(() => productDraftOf(product));
  const [errors, setErrors] = useState<Partial<Record<ProductField, string>>>({});
  const inputs = {
    title: useRef<HTMLInputElement>(null),
    price: useRef<HTMLInputElement>(null),
    quantity: useRef<HTMLInputElement>(null),
    cost: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
  };
  const pending = create.isPending || update.isPending;

  const change = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onNotice(null);
    const checked = validateProductDraft(draft, projectId);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.firstInvalid !== 'imageUrl') inputs[checked.firstInvalid].current?.focus();
      return;
    }
    setErrors({});
    const handlers = {
      onSuccess: ({ message }: { message: string }) => {
        onNotice(successNotice(message));
        onDone();
      },
      onError: (failure: Error) => onNotice(errorNotice(failure, m.productSaveFailed)),
    };
    if (product) update.mutate({ id: product.id, fields: checked.fields, fallbackMessage: m.productSaveFailed }, handlers);
    else create.mutate(checked.fields, handlers);
  };

  return (
    <form className="shop-form" noValidate onSubmit={handleSubmit} aria-labelledby={`${id}-heading`}>
      <h2 className="panel__title" id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {product ? fillMessage(s.productFormEdit, { title: product.title }) : s.productFormCreate}
      </h2>
      <div className="shop-form__grid">
        <TextField
          ref={inputs.title}
          label={s.productTitle}
          autoComplete="off"
          value={draft.title}
          error={errors.title}
          onChange={(event) => change('title', event.target.value)}
        />
        <TextField
          ref={inputs.price}
          label={s.productPrice}
          inputMode="numeric"
          autoComplete="off"
          value={draft.price}
          error={errors.price}
          onChange={(event) => change('price', event.target.value)}
        />
        <TextField
          ref={inputs.quantity}
          label={s.productQuantity}
          hint={s.productQuantityHint}
          inputMode="numeric"
          autoComplete="off"
          value={draft.quantity}
          error={errors.quantity}
          onChange={(event) => change('quantity', event.target.value)}
        />
        <TextField
          ref={inputs.cost}
          label={s.productCost}
          hint={s.productCostHint}
          inputMode="decimal"
          autoComplete="off"
          value={draft.cost}
          error={errors.cost}
          onChange={(event) => change('cost', event.target.value)}
        />
      </div>
      <TextAreaField
        ref={inputs.description}
        label={s.productDescription}
        rows={3}
        value={draft.description}
        error={errors.description}
        onChange={(event) => change('description', event.target.value)}
      />
      <ImagePicker
        label={s.productImage}
        imageUrl={draft.imageUrl}
        onChange={(imageUrl) => change('imageUrl', imageUrl)}
        uploadFailedMessage={uploadMessages.uploadFailed}
        disabled={pending}
      />
      {errors.imageUrl && (
        <p className="text-field__error" role="alert">
          {errors.imageUrl}
        </p>
      )}
      <label className="shop-checkbox">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => change('isActive', event.target.checked)} />
        {s.productActiveLabel}
      </label>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? s.savingProduct : product ? s.saveProduct : s.addProduct}
        </button>
        {product && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            {s.cancelEdit}
          </button>
        )}
      </div>
    </form>
  );
}
