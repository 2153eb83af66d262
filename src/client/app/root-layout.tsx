import { Outlet } from 'react-router';
import { NavigationProgress } from '../components/layouts/navigation-progress.tsx';
import { ScrollToTop } from '../components/layouts/scroll-to-top.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
