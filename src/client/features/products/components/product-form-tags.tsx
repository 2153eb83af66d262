// Tags as chips: typed text becomes a chip on Enter or a comma (also when pasted, and when leaving the field),
// and each chip has its own remove button. Backspace in the empty field removes the last chip.
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { PRODUCT_TAG_MAX_LENGTH, PRODUCT_TAGS_MAX } from '../../../../shared/constants.ts';
import { PRODUCT_FORM_MESSAGES } from '../../../../shared/product-form-messages.ts';

/** '#Handmade  gift' -> 'Handmade gift': the hash is how tags are shown, not part of them. */
export function normalizeTag(text: string): string {
  return text.replace(/^#+/, '').replace(/\s+/g, ' ').trim();
}

/** A product's limits unless told otherwise (the klip form shows this input with a klip's). */
export type TagLimits = { max?: number; maxLength?: number };

/** The tags after adding what was typed, with a sentence for whatever could not be added. */
export function addTags(
  tags: string[],
  typed: string[],
  { max = PRODUCT_TAGS_MAX, maxLength = PRODUCT_TAG_MAX_LENGTH }: TagLimits = {},
): { tags: string[]; problem: string | null } {
  const next = [...tags];
  let problem: string | null = null;
  for (const tag of typed.map(normalizeTag).filter(Boolean)) {
    if (next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
    if (tag.length > maxLength) {
      problem = PRODUCT_FORM_MESSAGES.tagTooLong(maxLength);
    } else if (next.length >= max) {
      problem = PRODUCT_FORM_MESSAGES.tagsFull(max);
    } else {
      next.push(tag);
    }
  }
  return { tags: next, problem };
}

export function ProductFormTags({
  tags,
  onChange,
  error,
  limits,
  hint = `Press Enter or type a comma after each tag. Up to ${PRODUCT_TAGS_MAX} tags help shoppers find your product.`,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
  limits?: TagLimits;
  hint?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const message = problem ?? error;

  /** Adds the finished parts of `text`; an unfinished last part stays in the field. */
  function onCommit(text: string, finished: boolean): void {
    const parts = text.split(',');
    const rest = finished ? '' : (parts.pop() ?? '');
    setDraft(rest);
    if (parts.every((part) => normalizeTag(part) === '')) {
      if (finished) setProblem(null);
      return;
    }
    const result = addTags(tags, parts, limits);
    setProblem(result.problem);
    if (result.tags.length !== tags.length) {
      onChange(result.tags);
      setAnnouncement(`Added ${result.tags.slice(tags.length).join(', ')}.`);
    }
  }

  function onRemove(tag: string): void {
    onChange(tags.filter((existing) => existing !== tag));
    setProblem(null);
    setAnnouncement(`Removed ${tag}.`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter') {
      // Enter finishes a tag; it does not submit the form.
      event.preventDefault();
      onCommit(draft, true);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onRemove(tags[tags.length - 1] ?? '');
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Tags
      </label>
      <div
        className="flex min-h-11 flex-wrap items-center gap-1.5 rounded-xl border border-line bg-surface px-2 py-1.5 focus-within:border-brand data-[invalid=true]:border-rani-600"
        data-invalid={message ? true : undefined}
      >
        {tags.length ? (
          <ul className="contents" aria-label="Tags added">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-0.5 rounded-full bg-brand-soft py-0.5 pr-0.5 pl-2.5 text-sm font-medium text-brand-ink"
              >
                #{tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onRemove(tag)}
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand/15"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          name="tags"
          value={draft}
          enterKeyHint="enter"
          autoCapitalize="none"
          placeholder={tags.length ? 'Add another' : 'e.g. handmade, cotton, gift'}
          aria-describedby={message ? `${id}-error ${id}-hint` : `${id}-hint`}
          aria-invalid={message ? true : undefined}
          className="h-8 min-w-32 flex-1 bg-transparent px-1.5 text-ink placeholder:text-ink-subtle focus:outline-none"
          // Phone keyboards often send no key for a comma, so commas are caught in the text itself.
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value.includes(',')) onCommit(event.target.value, false);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => onCommit(draft, true)}
        />
      </div>
      {message ? (
        <p id={`${id}-error`} className="text-sm font-medium text-rani-700 dark:text-rani-400">
          {message}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-ink-subtle">
        {hint}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
