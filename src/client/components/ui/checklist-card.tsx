import { CircleCheck } from 'lucide-react';

/** "What you need" list shown before a creation form, with the limits the server enforces. */
export function ChecklistCard({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="max-w-2xl rounded-3xl border border-line bg-surface p-6 shadow-lift">
      <h2 className="font-bold text-ink">{title}</h2>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-sm text-ink-muted">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
