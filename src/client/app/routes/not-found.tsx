import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { paths } from '../../config/paths.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';

export function Component() {
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <PageTitle>{`${APP_MESSAGES.notFoundTitle} · ${PRODUCT_NAME}`}</PageTitle>
      <span className="brand-gradient mb-6 inline-flex size-20 items-center justify-center rounded-3xl text-white">
        <Compass aria-hidden="true" className="size-10" />
      </span>
      <p className="text-sm font-bold tracking-widest text-brand uppercase">404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-ink">{APP_MESSAGES.notFoundTitle}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{APP_MESSAGES.notFoundBody}</p>
      <Link to={paths.home.getHref()} className={getButtonClass({ className: 'mt-8' })}>
        {APP_MESSAGES.backHome}
      </Link>
    </div>
  );
}
