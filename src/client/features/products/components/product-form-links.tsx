// Store links (`externalLinks` of docs/product.md "Product", at most 10 by docs/product.md "Product limits"): rows
// the seller adds and removes, each a full web address, with the store it points to named as soon as it reads as a
// link (the same table the contact dialog uses). The rows are a react-hook-form field array of the product form.
import { Link2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PRODUCT_EXTERNAL_LINKS_MAX } from '../../../../shared/constants.ts';
import { parseHttpUrl } from '../../../../shared/domain/contact.ts';
import { describeStoreLink } from '../../../../shared/domain/shopping-hosts.ts';
import { getButtonClass, ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { INPUT_CLASS } from '../../../components/ui/text-field.tsx';
import type { ProductFormValues } from '../product-form-values.ts';

function StoreName({ url }: { url: string }) {
  if (!parseHttpUrl(url)) return null;
  const store = describeStoreLink(url);
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-ink-muted">
      {store.icon ? (
        <img src={store.icon} alt="" className="size-4" />
      ) : (
        <Link2 aria-hidden="true" className="size-4" />
      )}
      {store.name}
    </span>
  );
}

export function ProductFormLinks() {
  const { control, register, clearErrors, getFieldState, formState } = useFormContext<ProductFormValues>();
  const { fields: links, append, remove } = useFieldArray({ control, name: 'externalLinks' });
  const urls = useWatch({ control, name: 'externalLinks' });
  const id = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // After removing a row, the next row's field (or the add button) takes focus.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (inputs.current.get(target) ?? addButton.current)?.focus();
  });

  /**
   * Any change to the links takes all their errors away, and the contact section's (a link is a way to reach the
   * seller, decision 0046); the next submit checks again.
   */
  function onChangeLinks(): void {
    clearErrors('externalLinks');
    if (formState.errors.contactInfo?.type) clearErrors('contactInfo');
  }

  function onAdd(): void {
    append({ url: '' }); // react-hook-form focuses the new row's field
    onChangeLinks();
  }

  function onRemove(index: number): void {
    focusNext.current = links[index + 1]?.id ?? links[index - 1]?.id ?? '';
    remove(index);
    onChangeLinks();
  }

  return (
    <div className="flex flex-col gap-3">
      {links.length ? (
        <ul className="flex flex-col gap-3">
          {links.map((link, index) => {
            const name = `externalLinks.${index}.url` as const;
            const error = getFieldState(name, formState).error?.message;
            const errorId = `${id}-${link.id}-error`;
            const { ref, ...field } = register(name, { onChange: onChangeLinks });
            return (
              <li key={link.id} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <input
                    ref={(element) => {
                      ref(element);
                      if (element) inputs.current.set(link.id, element);
                      else inputs.current.delete(link.id);
                    }}
                    {...field}
                    type="url"
                    inputMode="url"
                    autoCapitalize="none"
                    spellCheck={false}
                    aria-label={`Store link ${index + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    placeholder="https://www.amazon.in/dp/..."
                    className={INPUT_CLASS}
                  />
                  <button
                    type="button"
                    aria-label={`Remove store link ${index + 1}`}
                    onClick={() => onRemove(index)}
                    className={ICON_BUTTON_CLASS}
                  >
                    <Trash2 aria-hidden="true" className="size-4.5" />
                  </button>
                </div>
                {error ? (
                  <p id={errorId} className="text-sm font-medium text-rani-700 dark:text-rani-400">
                    {error}
                  </p>
                ) : (
                  <StoreName url={urls[index]?.url ?? ''} />
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {links.length < PRODUCT_EXTERNAL_LINKS_MAX ? (
        <button
          ref={addButton}
          type="button"
          onClick={onAdd}
          className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'w-fit' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add store link
        </button>
      ) : null}
      <p className="text-xs text-ink-subtle">
        {`Where else shoppers can buy it, such as your Amazon, Flipkart or Meesho listing or your own website. Up to ${PRODUCT_EXTERNAL_LINKS_MAX} links.`}
      </p>
    </div>
  );
}
