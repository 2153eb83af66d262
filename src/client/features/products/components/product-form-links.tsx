// Store links (spec §3 "externalLinks"): rows the seller adds and removes, each a full web address, with the store
// it points to named as soon as it reads as a link (the same table the contact dialog uses).
import { Link2, Plus, Trash2 } from 'lucide-react';
import { useRef, useEffect } from 'react';
import { PRODUCT_EXTERNAL_LINKS_MAX } from '../../../../shared/constants.ts';
import { parseHttpUrl } from '../../../../shared/domain/contact.ts';
import { describeStoreLink } from '../../../../shared/domain/shopping-hosts.ts';
import { getButtonClass, ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { INPUT_CLASS } from '../../../components/ui/text-field.tsx';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { createStoreLinkRow, type StoreLinkRow } from '../product-form-values.ts';

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

export function ProductFormLinks({
  links,
  onChange,
  errors,
}: {
  links: StoreLinkRow[];
  onChange: (links: StoreLinkRow[]) => void;
  errors: FieldErrors<string>;
}) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding a row its field takes focus; after removing one, the next row's field (or the add button) does.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (inputs.current.get(target) ?? addButton.current)?.focus();
  });

  function onAdd(): void {
    const row = createStoreLinkRow();
    focusNext.current = row.key;
    onChange([...links, row]);
  }

  function onRemove(index: number): void {
    focusNext.current = links[index + 1]?.key ?? links[index - 1]?.key ?? '';
    onChange(links.filter((_, row) => row !== index));
  }

  return (
    <div className="flex flex-col gap-3">
      {links.length ? (
        <ul className="flex flex-col gap-3">
          {links.map((link, index) => {
            const name = `externalLinks.${index}.url`;
            const error = errors[name];
            const errorId = `${link.key}-error`;
            return (
              <li key={link.key} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <input
                    ref={(element) => {
                      if (element) inputs.current.set(link.key, element);
                      else inputs.current.delete(link.key);
                    }}
                    name={name}
                    type="url"
                    inputMode="url"
                    autoCapitalize="none"
                    spellCheck={false}
                    aria-label={`Store link ${index + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    placeholder="https://www.amazon.in/dp/..."
                    value={link.url}
                    onChange={(event) =>
                      onChange(
                        links.map((row) =>
                          row.key === link.key ? { ...row, url: event.target.value } : row,
                        ),
                      )
                    }
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
                  <StoreName url={link.url} />
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
