import { useNavigation } from 'react-router';

/** Route chunks load on demand; a thin bar says "working" instead of a frozen-looking click. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="brand-gradient h-full w-2/5 motion-safe:animate-[progress_1s_ease-in-out_infinite]" />
    </div>
  );
}
