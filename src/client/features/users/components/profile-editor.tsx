// The profile editor of /settings (decision 0074): avatar and cover (crop, then upload with progress), full name,
// username with the live check, bio with a counter and a preview whose links are links, and the WhatsApp, phone and
// e-mail contacts with the texts of docs/product.md "Phone" and "E-mail". A save updates the header (the session is
// read again) and every cached creator page.
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../../shared/constants.ts';
import { ProfileUpdateSchema, type UserProfile } from '../../../../shared/contracts/users.ts';
import { getDisplayName } from '../../../../shared/domain/display-name.ts';
import { PROFILE_MESSAGES } from '../../../../shared/profile-messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import { useMyProfile, useUpdateProfile, useUsernameAvailability } from '../api/profile-edit.ts';
import { ProfileImagePicker } from './profile-image-picker.tsx';
import { PROFILE_SECTION_ID } from '../profile-section.ts';

type Values = {
  fullName: string;
  username: string;
  bio: string;
  contactInfo: { whatsapp: string; phone: string; email: string };
};

const FIELDS = [
  'fullName',
  'username',
  'bio',
  'contactInfo.whatsapp',
  'contactInfo.phone',
  'contactInfo.email',
];
/** Every field of the form, with the server's rules and texts. */
const ProfileFormSchema = ProfileUpdateSchema.omit({ displayName: true })
  .required()
  .extend({ contactInfo: ProfileUpdateSchema.shape.contactInfo.unwrap().required() });
const resolveProfile = resolveWithMessages(ProfileFormSchema, {});

function toValues(profile: UserProfile): Values {
  return {
    fullName: profile.fullName,
    username: profile.username,
    bio: profile.bio,
    contactInfo: { ...profile.metadata.contactInfo },
  };
}

/** 'contactInfo.phone: Invalid phone number' -> the field and its problem, when the field is one of the form's. */
export function splitFieldMessage(message: string): { field: string; problem: string } | null {
  const match = /^([\w.]+): (.+)$/.exec(message);
  return match && FIELDS.includes(match[1]!) ? { field: match[1]!, problem: match[2]! } : null;
}

export function ProfileSection() {
  const profile = useMyProfile();
  const { hash } = useLocation();
  const loaded = profile.isSuccess;
  // Reached through 'Edit profile' (/settings#profile): shown once it is there to show.
  useEffect(() => {
    if (loaded && hash === `#${PROFILE_SECTION_ID}`)
      document.getElementById(PROFILE_SECTION_ID)?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <section
      id={PROFILE_SECTION_ID}
      aria-labelledby="profile-title"
      className="scroll-mt-24 rounded-3xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="profile-title" className="font-bold text-ink">
        {PROFILE_MESSAGES.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{PROFILE_MESSAGES.sectionIntro}</p>
      {profile.isPending ? (
        <div aria-hidden="true" className="mt-4 h-64 animate-pulse rounded-2xl bg-surface-muted" />
      ) : profile.isError ? (
        <div className="mt-4">
          <FormError message={PROFILE_MESSAGES.loadFailed} />
          <button
            type="button"
            className={getButtonClass({ variant: 'secondary', className: 'mt-3' })}
            onClick={() => void profile.refetch()}
          >
            Try Again
          </button>
        </div>
      ) : (
        <ProfileEditor profile={profile.data.data} />
      )}
    </section>
  );
}

export function ProfileEditor({ profile }: { profile: UserProfile }) {
  const { refreshSession } = useAuth();
  const update = useUpdateProfile();
  const form = useForm({ ...FORM_OPTIONS, defaultValues: toValues(profile), resolver: resolveProfile });
  const { formState, reset } = form;
  const username = useWatch({ control: form.control, name: 'username' });
  const bio = useWatch({ control: form.control, name: 'bio' });
  const check = useUsernameAvailability(username, profile.username);
  const name = getDisplayName(profile);

  // A new profile from the server (a save, an upload) is what the fields start from again.
  useEffect(() => reset(toValues(profile)), [profile, reset]);

  return (
    <div className="mt-5 flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <div className="overflow-hidden rounded-2xl" style={{ aspectRatio: '3' }}>
          {profile.coverImage ? (
            <img
              src={profile.coverImage}
              alt={PROFILE_MESSAGES.coverLabel}
              className="size-full object-cover"
            />
          ) : (
            <div className="brand-gradient size-full" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap items-start gap-4">
          <Avatar name={name} src={profile.avatar} className="size-20 text-2xl" />
          <div className="flex flex-col gap-3">
            <ProfileImagePicker field="avatar" onUploaded={() => void refreshSession()} />
            <ProfileImagePicker field="cover" />
          </div>
        </div>
      </div>
      <Form
        form={form}
        className="flex flex-col gap-5"
        onValid={async (values) => {
          if (check && !check.available) {
            form.setError('username', { type: 'taken', message: check.message });
            form.setFocus('username');
            return;
          }
          const { username: wanted, ...rest } = values;
          try {
            await update.mutateAsync({ ...rest, ...(wanted !== profile.username && { username: wanted }) });
            void refreshSession();
          } catch (error) {
            const message = error instanceof ApiError ? error.message : PROFILE_MESSAGES.saveFailed;
            const onField = splitFieldMessage(message);
            if (onField) {
              form.setError(onField.field as keyof Values, { type: 'server', message: onField.problem });
              form.setFocus(onField.field as keyof Values);
            } else form.setError(SERVER_ERROR, { message });
          }
        }}
      >
        <TextField
          label={PROFILE_MESSAGES.fullNameLabel}
          autoComplete="name"
          maxLength={100}
          {...bindField(form, 'fullName')}
        />
        <div className="flex flex-col gap-1">
          <TextField
            label={PROFILE_MESSAGES.usernameLabel}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH}
            hint={PROFILE_MESSAGES.usernameHint}
            {...bindField(form, 'username')}
          />
          {/* Always mounted, so that each new answer is announced. */}
          <p
            role="status"
            className={`text-sm font-medium empty:hidden ${check?.available ? 'text-emerald-700 dark:text-emerald-400' : 'text-rani-700 dark:text-rani-400'}`}
          >
            {check?.message}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <TextAreaField
            label={PROFILE_MESSAGES.bioLabel}
            rows={4}
            hint={
              <span className="flex justify-between gap-3">
                <span>{PROFILE_MESSAGES.bioHint}</span>
                <span
                  aria-live="polite"
                  className={bio.length > BIO_MAX_LENGTH ? 'text-rani-700' : undefined}
                >
                  {PROFILE_MESSAGES.bioCount(bio.length)}
                </span>
              </span>
            }
            {...bindField(form, 'bio')}
          />
          {bio.trim() ? (
            <div className="mt-2 rounded-2xl border border-line p-3">
              <p className="text-xs font-semibold text-ink-muted">{PROFILE_MESSAGES.bioPreview}</p>
              <LinkifiedText text={bio} className="mt-1 text-sm text-ink" />
            </div>
          ) : null}
        </div>
        <fieldset className="flex flex-col gap-4">
          <legend className="font-semibold text-ink">{PROFILE_MESSAGES.contactsTitle}</legend>
          <p className="mt-1 text-sm text-ink-muted">{PROFILE_MESSAGES.contactsIntro}</p>
          <TextField
            label={PROFILE_MESSAGES.whatsappLabel}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...bindField(form, 'contactInfo.whatsapp')}
          />
          <TextField
            label={PROFILE_MESSAGES.phoneLabel}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...bindField(form, 'contactInfo.phone')}
          />
          <TextField
            label={PROFILE_MESSAGES.emailLabel}
            type="email"
            autoComplete="email"
            {...bindField(form, 'contactInfo.email')}
          />
        </fieldset>
        <FormError message={formState.errors.root?.server?.message ?? null} />
        <p role="status" className="text-sm font-medium text-emerald-700 empty:hidden dark:text-emerald-400">
          {update.isSuccess && !formState.isDirty ? PROFILE_MESSAGES.saved : ''}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={paths.shopstar.getHref(profile.username)}
            className="text-sm font-semibold text-brand-ink hover:underline"
          >
            @{profile.username}
          </Link>
          <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? PROFILE_MESSAGES.saving : PROFILE_MESSAGES.save}
          </button>
        </div>
      </Form>
    </div>
  );
}
