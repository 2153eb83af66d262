/**
 * The page's shape while the product loads. At least a screen tall, so that nothing below it (the footer) is in
 * view and then pushed down when the product arrives (a layout shift).
 */
export function ProductSkeleton() {
  const block = 'animate-pulse rounded-2xl bg-surface-muted';
  return (
    <div aria-hidden="true" className="min-h-dvh">
      <div className={`mb-4 h-5 w-2/3 ${block}`} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className={`aspect-square ${block}`} />
        <div className="flex flex-col gap-4">
          <div className={`h-9 w-4/5 ${block}`} />
          <div className={`h-10 w-40 ${block}`} />
          <div className={`h-24 ${block}`} />
          <div className={`h-12 ${block}`} />
        </div>
      </div>
    </div>
  );
}
