// The privacy filter of list reads (decision 0071) as SQL on the author joined as u (author-columns.ts): a row is
// shown when its author's content audience admits the reader, as audienceAdmits decides in TypeScript.
import { sql, type RawBuilder } from 'kysely';
import type { Reader } from '../../shared/domain/privacy.ts';

/** Whether the reader may see content of the author aliased u: one comparison on the row the list joins already. */
export function authorContentVisibleTo(reader: Reader): RawBuilder<boolean> {
  if (!reader.signedIn) return sql<boolean>`u.content_audience = 'everyone'`;
  if (reader.userId === null) return sql<boolean>`u.content_audience <> 'nobody'`;
  return sql<boolean>`(u.content_audience <> 'nobody' or u.id = ${reader.userId})`;
}
