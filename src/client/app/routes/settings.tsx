// The signed-in user's settings (docs/product.md "Settings"): one section per category of "App settings", each
// change saved as it is made; the cookie settings sit with the privacy choices. The feature's sections are
// composed here with those of other features (the profile editor, two-factor sign-in, account deletion last), and
// a nav of links to them: beside them on a wide screen, a row above them on a phone.
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages.ts';
import { CONSENT_MESSAGES } from '../../../shared/consent-messages.ts';
import { PROFILE_MESSAGES } from '../../../shared/profile-messages.ts';
import { SETTINGS_MESSAGES } from '../../../shared/settings-messages.ts';
import { TWO_FACTOR_MESSAGES } from '../../../shared/two-factor-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import {
  DELETE_ACCOUNT_SECTION_ID,
  DeleteAccountSection,
} from '../../features/account/components/delete-account-section.tsx';
import {
  TWO_FACTOR_SECTION_ID,
  TwoFactorSection,
} from '../../features/auth/components/two-factor-section.tsx';
import { AccessibilitySection } from '../../features/settings/components/accessibility-section.tsx';
import { AccountSection } from '../../features/settings/components/account-section.tsx';
import { AppearanceSection } from '../../features/settings/components/appearance-section.tsx';
import { ContentSection } from '../../features/settings/components/content-section.tsx';
import { NotificationsSection } from '../../features/settings/components/notifications-section.tsx';
import { PrivacySection } from '../../features/settings/components/privacy-section.tsx';
import { SettingsNav, type SettingsNavSection } from '../../features/settings/components/settings-nav.tsx';
import { useSettingsScreen } from '../../features/settings/hooks/use-settings-screen.ts';
import { ProfileSection } from '../../features/users/components/profile-editor.tsx';
import { PROFILE_SECTION_ID } from '../../features/users/profile-section.ts';
import { openCookieSettings } from '../../lib/consent.ts';

/** The profile editor's section on this page, which the account section links to. */
const PROFILE_SECTION_HREF = `#${PROFILE_SECTION_ID}`;

/** The sections in the order the page shows them, by their ids and titles. */
const SECTIONS: readonly SettingsNavSection[] = [
  { id: 'account', title: SETTINGS_MESSAGES.account.title },
  { id: PROFILE_SECTION_ID, title: PROFILE_MESSAGES.sectionTitle },
  { id: TWO_FACTOR_SECTION_ID, title: TWO_FACTOR_MESSAGES.title },
  { id: 'privacy', title: SETTINGS_MESSAGES.privacy.title },
  { id: 'notifications', title: SETTINGS_MESSAGES.notifications.title },
  { id: 'appearance', title: SETTINGS_MESSAGES.appearance.title },
  { id: 'content', title: SETTINGS_MESSAGES.content.title },
  { id: 'accessibility', title: SETTINGS_MESSAGES.accessibility.title },
  { id: DELETE_ACCOUNT_SECTION_ID, title: ACCOUNT_MESSAGES.sectionTitle },
];

export function Component() {
  const { status, settings, failure, change } = useSettingsScreen();
  return (
    <>
      <PageHeader title={SETTINGS_MESSAGES.title} subtitle={SETTINGS_MESSAGES.subtitle} />
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,48rem)] lg:gap-8 xl:grid-cols-[14rem_minmax(0,48rem)] xl:gap-12">
        <SettingsNav sections={SECTIONS} />
        <div className="flex min-w-0 flex-col gap-6" aria-busy={status === 'loading'}>
          {status === 'loading' ? (
            <p role="status" className="text-sm text-ink-muted">
              {SETTINGS_MESSAGES.loading}
            </p>
          ) : null}
          {failure ? (
            <div
              role="alert"
              className="rounded-2xl border border-line bg-surface-muted px-4 py-3 text-sm text-ink"
            >
              <p className="font-semibold">{failure.message}</p>
              {failure.detail ? <p className="mt-0.5 text-ink-muted">{failure.detail}</p> : null}
            </div>
          ) : null}
          <AccountSection account={settings.account} profileHref={PROFILE_SECTION_HREF} onChange={change} />
          {/* The profile editor and two-factor sign-in of other features sit with the account. */}
          <ProfileSection />
          <TwoFactorSection />
          <PrivacySection privacy={settings.privacy} onChange={change}>
            <div className="border-t border-line pt-5">
              <p className="text-sm text-ink-muted">{CONSENT_MESSAGES.settingsHint}</p>
              <button
                type="button"
                className={getButtonClass({ variant: 'secondary', className: 'mt-3' })}
                aria-haspopup="dialog"
                onClick={openCookieSettings}
              >
                {CONSENT_MESSAGES.settingsButton}
              </button>
            </div>
          </PrivacySection>
          <NotificationsSection notifications={settings.notifications} onChange={change} />
          <AppearanceSection appearance={settings.appearance} onChange={change} />
          <ContentSection
            content={settings.content}
            reduceMotion={settings.accessibility.reduceMotion}
            onChange={change}
          />
          <AccessibilitySection accessibility={settings.accessibility} onChange={change} />
          <DeleteAccountSection />
        </div>
      </div>
    </>
  );
}
