/** Four grey rows where the comments will be, while the first page loads. */
export function CommentsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4 px-2 py-2">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <div className="size-9 shrink-0 animate-pulse rounded-full bg-surface-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-1/3 animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-4/5 animate-pulse rounded bg-surface-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
