import { CircleAlert } from 'lucide-react';

export function FormError({ message }: { message: string | null }) {
  // The live region stays mounted so a second, different error is announced too.
  return (
    <div role="alert" className="empty:hidden">
      {message ? (
        <p className="flex items-start gap-2 rounded-xl border border-rani-600/30 bg-rani-600/10 px-3 py-2.5 text-sm text-rani-700 dark:text-rani-400">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {message}
        </p>
      ) : null}
    </div>
  );
}
