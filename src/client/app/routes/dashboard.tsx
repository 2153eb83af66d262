// The seller's dashboard (docs/product.md "Dashboard", "Route table"; behind the login guard; decision 0067): the
// period's figures, then the listings beside the creator view (labelled shop-star). One column on a phone, two
// where a wide screen has room. The period (?period=30d) and the listings' tab (?items=klips) live in the URL, so
// a reload or Back keeps them.
import { useSearchParams } from 'react-router';
import type { DashboardPeriod, DashboardSection } from '../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PERIODS } from '../../../shared/constants.ts';
import { getDisplayName } from '../../../shared/domain/display-name.ts';
import { DASHBOARD_SECTIONS } from '../../../shared/constants.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../../features/dashboard/dashboard-messages.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { DashboardItems } from '../../features/dashboard/components/dashboard-items.tsx';
import { DashboardBoard } from '../../features/dashboard/components/dashboard-board.tsx';
import { PeriodSwitch } from '../../features/dashboard/components/period-switch.tsx';
import { ShopstarCard } from '../../features/dashboard/components/shopstar-card.tsx';
import { useAuth } from '../../lib/auth.ts';

const PERIOD_PARAM = 'period';
const SECTION_PARAM = 'items';

function readChoice<T extends string>(value: string | null, choices: readonly T[]): T {
  return choices.find((choice) => choice === value) ?? choices[0]!;
}

export function Component() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const period: DashboardPeriod = readChoice(searchParams.get(PERIOD_PARAM), DASHBOARD_PERIODS);
  const section: DashboardSection = readChoice(searchParams.get(SECTION_PARAM), DASHBOARD_SECTIONS);

  /** The first choice is the default and leaves the URL clean. */
  function onChoose(param: string, value: string, fallback: string): void {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === fallback) next.delete(param);
        else next.set(param, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 [&>header]:mb-2">
      <PageHeader
        title={DASHBOARD_PAGE_MESSAGES.title}
        subtitle={user ? DASHBOARD_PAGE_MESSAGES.welcome(getDisplayName(user)) : undefined}
        actions={
          <PeriodSwitch
            period={period}
            onChange={(value) => onChoose(PERIOD_PARAM, value, DASHBOARD_PERIODS[0])}
          />
        }
      />
      <DashboardBoard
        period={period}
        listings={
          <DashboardItems
            section={section}
            onSectionChange={(value) => onChoose(SECTION_PARAM, value, DASHBOARD_SECTIONS[0])}
          />
        }
        shopstar={<ShopstarCard />}
      />
    </div>
  );
}
