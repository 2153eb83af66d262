// The signed-in user's settings (docs/product.md "Settings"): one section per category of "App settings", each
// change saved as it is made; the cookie settings sit with the privacy choices. The feature's sections are
// composed here with those of other features (the profile editor, two-factor sign-in, account deletion last).
import { CONSENT_MESSAGES } from '../../../shared/consent-messages.ts';
import { SETTINGS_MESSAGES } from '../../../shared/settings-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { DeleteAccountSection } from '../../features/account/components/delete-account-section.tsx';
import { TwoFactorSection } from '../../features/auth/components/two-factor-section.tsx';
import { AccessibilitySection } from '../../features/settings/components/accessibility-section.tsx';
import { AccountSection } from '../../features/settings/components/account-section.tsx';
import { AppearanceSection } from '../../features/settings/components/appearance-section.tsx';
import { ContentSection } from '../../features/settings/components/content-section.tsx';
import { NotificationsSection } from '../../features/settings/components/notifications-section.tsx';
import { PrivacySection } from '../../features/settings/components/privacy-section.tsx';
import { useSettingsScreen } from '../../features/settings/hooks/use-settings-screen.ts';
import { ProfileSection } from '../../features/users/components/profile-editor.tsx';
import { openCookieSettings } from '../../lib/consent.ts';

/** The profile editor's section id on this page, which the account section links to. */
const PROFILE_SECTION_HREF = '#profile';

export function Component() {
  const { status, settings, failure, change } = useSettingsScreen();
  return (
    <>
      <PageHeader title={SETTINGS_MESSAGES.title} subtitle={SETTINGS_MESSAGES.subtitle} />
      <div className="flex max-w-2xl flex-col gap-6" aria-busy={status === 'loading'}>
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
    </>
  );
}
