// The creator hover card as people use it: a resting pointer, a long press on a phone, the keyboard; the
// profile comes from a real HTTP server, and the spec's delays are measured on a fake clock.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOVER_CARD_AUTO_CLOSE_MS,
  HOVER_CARD_DELAY_MS,
  HOVER_CARD_LONG_PRESS_MS,
  HOVER_CARD_PREFETCH_MS,
  HOVER_CARD_VIBRATION_MS,
} from '../../../../shared/constants.ts';
import type { UserProfile } from '../../../../shared/contracts/users.ts';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { CREATOR_MESSAGES } from '../../../../shared/creator-messages.ts';
import { createTestProfile } from '../../../test/fixtures.ts';
import { createApiTestServer, renderRoutes } from '../../../test/render-app.tsx';
import { CreatorHoverCard, getContactHref, type CreatorHoverCardProps } from './creator-hover-card.tsx';
import { PRIVACY_MESSAGES } from '../../../../shared/privacy-messages.ts';

const server = createApiTestServer();
afterEach(() => {
  vi.useRealTimers();
});

function createProfile(uid: string, changes: Partial<UserProfile> = {}): UserProfile {
  return createTestProfile({ uid, username: `kavya.${uid}`, ...changes });
}

function serveProfile(profile: UserProfile) {
  server.respond('GET', `/api/v1/users/${profile.uid}/profile`, {
    status: 200,
    body: { success: true, data: profile },
  });
}

function renderCard(props: CreatorHoverCardProps) {
  const { router } = renderRoutes([
    {
      path: '/',
      element: (
        <main>
          <CreatorHoverCard {...props} />
          <button type="button">Elsewhere</button>
        </main>
      ),
    },
    { path: '/shopstar/:username', element: <h1>Profile page</h1> },
  ]);
  return { router, chip: screen.getByRole('link', { name: `@${props.username}` }) };
}

const profileRequests = (uid: string) =>
  server.requests.filter((request) => request.path === `/api/v1/users/${uid}/profile`);

/**
 * Fake setTimeout only: fetch and the test server keep real time. Pointers are plain events here, because
 * user-event waits on timers of its own.
 */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { advance: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)) };
}

const mouse = { pointerType: 'mouse' };
const finger = { pointerType: 'touch', clientX: 10, clientY: 10 };

describe('creator hover card on a desktop', () => {
  it('opens 300 ms after the pointer rests on the chip, with the profile, and closes when it leaves', async () => {
    const profile = createProfile('hover1');
    serveProfile(profile);
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    const clock = useFakeClock();

    fireEvent.pointerOver(chip, mouse);
    await clock.advance(HOVER_CARD_DELAY_MS - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await clock.advance(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(chip).toHaveAttribute('aria-expanded', 'true');
    vi.useRealTimers();
    const card = within(await screen.findByRole('dialog', { name: 'Kavya Crafts' }));
    expect(card.getByText(`@${profile.username}`)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'https://example.in/shop' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow ugc',
    );
    const stats = card.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(stats).toEqual([
      ['Products', '14'],
      ['Klips', '3'],
      ['Likes', '1,250'],
    ]);
    expect(card.getByRole('link', { name: CREATOR_MESSAGES.viewProfile })).toHaveAttribute(
      'href',
      `/shopstar/${profile.username}`,
    );
    expect(card.getByRole('link', { name: CREATOR_MESSAGES.contact })).toHaveAttribute(
      'href',
      'https://wa.me/919876543210',
    );
    // Focus stays where it was: hovering must not move it into the card.
    expect(document.body).toHaveFocus();

    fireEvent.pointerOut(chip, { ...mouse, relatedTarget: document.body });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the creator is not taking contacts instead of a Contact button when their whoCanContactMe hides them', async () => {
    const profile = createProfile('hover-private', {
      metadata: { contactInfo: { whatsapp: '', phone: '', email: '' } },
      contactsHidden: true,
    });
    serveProfile(profile);
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    fireEvent.focus(chip);
    const card = within(await screen.findByRole('dialog', { name: 'Kavya Crafts' }));
    expect(card.getByText(PRIVACY_MESSAGES.notTakingContacts)).toBeVisible();
    expect(card.queryByRole('link', { name: CREATOR_MESSAGES.contact })).toBeNull();
    expect(card.queryByRole('button', { name: CREATOR_MESSAGES.contact })).toBeNull();
  });

  it('stays open while the pointer crosses from the chip into the card', async () => {
    const profile = createProfile('hover2');
    serveProfile(profile);
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    const clock = useFakeClock();
    fireEvent.pointerOver(chip, mouse);
    await clock.advance(HOVER_CARD_DELAY_MS);
    const dialog = screen.getByRole('dialog');
    // Through the gap (outside both) and on into the card, quicker than the close delay.
    fireEvent.pointerOut(chip, { ...mouse, relatedTarget: document.body });
    await clock.advance(HOVER_CARD_DELAY_MS - 1);
    fireEvent.pointerOver(dialog, { ...mouse, relatedTarget: document.body });
    await clock.advance(HOVER_CARD_DELAY_MS * 3);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.pointerOut(dialog, { ...mouse, relatedTarget: document.body });
    await clock.advance(HOVER_CARD_DELAY_MS - 1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await clock.advance(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open for a pointer that passes over the chip in less than 300 ms', async () => {
    const profile = createProfile('hover3');
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    const clock = useFakeClock();
    fireEvent.pointerOver(chip, mouse);
    await clock.advance(HOVER_CARD_DELAY_MS - 50);
    fireEvent.pointerOut(chip, { ...mouse, relatedTarget: document.body });
    await clock.advance(HOVER_CARD_DELAY_MS * 2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('prefetches the profile 2 s after mount, so the card opens with it', async () => {
    const profile = createProfile('prefetch1');
    serveProfile(profile);
    const clock = useFakeClock();
    renderCard({ uid: profile.uid, username: profile.username });
    await clock.advance(HOVER_CARD_PREFETCH_MS - 1);
    expect(profileRequests(profile.uid)).toHaveLength(0);
    await clock.advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(profileRequests(profile.uid)).toHaveLength(1));
  });
});

function tap(target: Element) {
  fireEvent.pointerDown(target, finger);
  fireEvent.pointerUp(target, finger);
  fireEvent.click(target);
}

describe('creator hover card on a phone', () => {
  it('opens on a 500 ms long press with a 50 ms vibration; the release does not follow the link', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    const profile = createProfile('touch1');
    serveProfile(profile);
    const { chip, router } = renderCard({ uid: profile.uid, username: profile.username });
    const clock = useFakeClock();

    fireEvent.pointerDown(chip, finger);
    await clock.advance(HOVER_CARD_LONG_PRESS_MS - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(vibrate).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledWith(HOVER_CARD_VIBRATION_MS);
    expect(fireEvent.contextMenu(chip)).toBe(false);
    fireEvent.pointerUp(chip, finger);
    expect(fireEvent.click(chip)).toBe(false);
    // A tap on the chip while the card is open does nothing either.
    tap(chip);
    await clock.advance(0);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // A tap elsewhere closes it.
    tap(screen.getByRole('button', { name: 'Elsewhere' }));
    await clock.advance(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  it('closes by itself 5 s after a long press opened it', async () => {
    const profile = createProfile('touch2');
    serveProfile(profile);
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    const clock = useFakeClock();
    fireEvent.pointerDown(chip, finger);
    await clock.advance(HOVER_CARD_LONG_PRESS_MS);
    fireEvent.pointerUp(chip, finger);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await clock.advance(HOVER_CARD_AUTO_CLOSE_MS - 1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await clock.advance(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open for a finger that moves, because that is a scroll', async () => {
    const profile = createProfile('touch4');
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    const clock = useFakeClock();
    fireEvent.pointerDown(chip, finger);
    fireEvent.pointerMove(chip, { ...finger, clientY: finger.clientY + 11 });
    await clock.advance(HOVER_CARD_LONG_PRESS_MS * 2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a short tap follows the link to the profile without opening the card', async () => {
    const profile = createProfile('touch3');
    const { chip, router } = renderCard({ uid: profile.uid, username: profile.username });
    const user = userEvent.setup();
    await user.pointer({ keys: '[TouchA]', target: chip });
    await screen.findByRole('heading', { name: 'Profile page' });
    expect(router.state.location.pathname).toBe(`/shopstar/${profile.username}`);
  });
});

describe('creator hover card from the keyboard', () => {
  it('opens when Tab reaches the chip, lets Tab continue into it, and closes with Escape', async () => {
    const profile = createProfile('keys1');
    serveProfile(profile);
    const { chip } = renderCard({ uid: profile.uid, username: profile.username });
    const user = userEvent.setup();
    await user.tab();
    expect(chip).toHaveFocus();
    const card = within(await screen.findByRole('dialog', { name: 'Kavya Crafts' }));
    await user.tab();
    expect(card.getByRole('link', { name: 'https://example.in/shop' })).toHaveFocus();
    await user.tab();
    expect(card.getByRole('link', { name: CREATOR_MESSAGES.viewProfile })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(chip).toHaveFocus();
  });

  it('closes when focus leaves the chip and the card', async () => {
    const profile = createProfile('keys2');
    serveProfile(profile);
    renderCard({ uid: profile.uid, username: profile.username });
    const user = userEvent.setup();
    await user.tab();
    await screen.findByRole('dialog', { name: 'Kavya Crafts' });
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('creator hover card texts', () => {
  it('says the profile could not be loaded, and Try Again loads it', async () => {
    const profile = createProfile('broken1');
    server.respond('GET', `/api/v1/users/${profile.uid}/profile`, {
      status: 400,
      body: { success: false, message: 'Bad request' },
    });
    renderCard({ uid: profile.uid, username: profile.username });
    const user = userEvent.setup();
    await user.tab();
    const dialog = await screen.findByRole('dialog', { name: CREATOR_MESSAGES.profileLoadFailed });
    serveProfile(profile);
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('dialog', { name: 'Kavya Crafts' });
  });

  it('says the profile is not available when there is no username, and asks for nothing', async () => {
    const before = server.requests.length;
    renderRoutes([{ path: '/', element: <CreatorHoverCard username="" /> }]);
    const user = userEvent.setup();
    await user.tab();
    await screen.findByRole('dialog', { name: CREATOR_MESSAGES.profileUnavailable });
    expect(server.requests.length).toBe(before);
  });

  it('Contact says there is no contact information when the creator gave none', async () => {
    const profile = createProfile('nocontact1', {
      metadata: { contactInfo: { whatsapp: '', phone: '', email: '' } },
    });
    serveProfile(profile);
    renderCard({ uid: profile.uid, username: profile.username });
    const user = userEvent.setup();
    await user.tab();
    const card = within(await screen.findByRole('dialog', { name: 'Kavya Crafts' }));
    await user.click(card.getByRole('button', { name: CREATOR_MESSAGES.contact }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.noContactInfo)).toBeInTheDocument();
  });

  it('Contact writes an e-mail when there is no valid WhatsApp number', () => {
    expect(getContactHref({ whatsapp: '12345', phone: '', email: 'kavya@example.in' })).toBe(
      'https://mail.google.com/mail/?view=cm&fs=1&to=kavya%40example.in&su=Hello+from+Lootklip&body=',
    );
    expect(getContactHref({ whatsapp: '+91 98765 43210', phone: '', email: '' })).toBe(
      'https://wa.me/919876543210',
    );
    expect(getContactHref({ whatsapp: '', phone: '', email: 'not an email' })).toBeNull();
  });
});
