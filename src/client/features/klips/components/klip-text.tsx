// A klip's description and tags over its video (docs/product.md "Text display"): a description longer than
// DESCRIPTION_SHORTEN_CHARS gets a more/less toggle; more than TAGS_SHOWN_BEFORE_COLLAPSE tags are collapsed, with
// `show less` to fold them again.
import { useState } from 'react';
import { DESCRIPTION_SHORTEN_CHARS, TAGS_SHOWN_BEFORE_COLLAPSE } from '../../../../shared/constants.ts';
import { KLIP_PLAYER_MESSAGES } from '../../../../shared/klip-messages.ts';

const TOGGLE_CLASS = 'font-semibold text-white underline-offset-2 hover:underline';

export function KlipDescription({ description }: { description: string }) {
  const [expanded, setExpanded] = useState(false);
  const text = description.trim();
  if (!text) return null;
  const long = text.length > DESCRIPTION_SHORTEN_CHARS;
  return (
    <p className="text-sm leading-snug break-words whitespace-pre-line text-white/90">
      {long && !expanded ? `${text.slice(0, DESCRIPTION_SHORTEN_CHARS)}...` : text}
      {long ? (
        <>
          {' '}
          <button
            type="button"
            aria-expanded={expanded}
            className={TOGGLE_CLASS}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? KLIP_PLAYER_MESSAGES.less : KLIP_PLAYER_MESSAGES.more}
          </button>
        </>
      ) : null}
    </p>
  );
}

export function KlipTags({ tags }: { tags: readonly string[] }) {
  const [all, setAll] = useState(false);
  if (tags.length === 0) return null;
  const shown = all ? tags : tags.slice(0, TAGS_SHOWN_BEFORE_COLLAPSE);
  return (
    <ul
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
      aria-label={KLIP_PLAYER_MESSAGES.tags}
    >
      {shown.map((tag) => (
        <li key={tag} className="font-medium text-white">
          #{tag}
        </li>
      ))}
      {tags.length > TAGS_SHOWN_BEFORE_COLLAPSE ? (
        <li>
          <button type="button" className={TOGGLE_CLASS} onClick={() => setAll((value) => !value)}>
            {all
              ? KLIP_PLAYER_MESSAGES.showLess
              : KLIP_PLAYER_MESSAGES.moreTags(tags.length - TAGS_SHOWN_BEFORE_COLLAPSE)}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
