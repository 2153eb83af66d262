import { useState } from 'react';
import { TAGS_SHOWN_BEFORE_COLLAPSE } from '../../../../shared/constants.ts';

/** A product's tags, the first TAGS_SHOWN_BEFORE_COLLAPSE and the rest on asking (docs/product.md "Product detail"). */
export function ProductTags({ tags }: { tags: string[] }) {
  const [allTags, setAllTags] = useState(false);
  if (tags.length === 0) return null;
  const shown = allTags ? tags : tags.slice(0, TAGS_SHOWN_BEFORE_COLLAPSE);
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-surface-muted px-3 py-1 text-xs font-medium text-ink-muted">
          #{tag}
        </li>
      ))}
      {tags.length > TAGS_SHOWN_BEFORE_COLLAPSE ? (
        <li>
          <button
            type="button"
            className="px-2 py-1 text-xs font-semibold text-brand-ink"
            onClick={() => setAllTags((value) => !value)}
          >
            {allTags ? 'show less' : `+${tags.length - TAGS_SHOWN_BEFORE_COLLAPSE} more`}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
