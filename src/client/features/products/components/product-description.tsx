import { useState } from 'react';
import { DESCRIPTION_SHORTEN_CHARS } from '../../../../shared/constants.ts';

/** A product's description, shortened past DESCRIPTION_SHORTEN_CHARS with more/less (docs/product.md "Product detail"). */
export function ProductDescription({ description }: { description: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!description) return null;
  const longDescription = description.length > DESCRIPTION_SHORTEN_CHARS;
  return (
    <section>
      <h2 className="mb-1 font-bold text-ink">Description</h2>
      <p className="whitespace-pre-line text-ink-muted">
        {expanded || !longDescription ? description : `${description.slice(0, DESCRIPTION_SHORTEN_CHARS)}...`}
      </p>
      {longDescription ? (
        <button
          type="button"
          className="mt-1 text-sm font-semibold text-brand-ink hover:underline"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'less' : 'more'}
        </button>
      ) : null}
    </section>
  );
}
