import { Outlet } from 'react-router';
import { NavigationProgress } from '../components/layouts/navigation-progress.tsx';
import { ScrollManager } from '../components/layouts/scroll-manager.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
