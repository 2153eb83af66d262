import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAROUSEL_LOCK_MS,
  DOUBLE_TOGGLE_GUARD_MS,
  THUMBNAIL_COLUMNS,
  ZOOM_SCALE,
} from '../../../../shared/constants.ts';
import type { ProductImage } from '../../../../shared/contracts/products.ts';
import { setViewportWidth } from '../../../test/setup.ts';
import { ProductGallery } from './product-gallery.tsx';

const NAME = 'Brass Diya';

function createImage(id: string): ProductImage {
  return {
    id,
    width: 1080,
    height: 1080,
    url: `/media/${id}-1080.jpg`,
    srcSet: {
      avif: `/media/${id}-320.avif 320w, /media/${id}-1080.avif 1080w`,
      webp: '',
      jpeg: `/media/${id}-320.jpg 320w, /media/${id}-1080.jpg 1080w`,
    },
  };
}

const IMAGES = ['a', 'b', 'c'].map(createImage);

function renderGallery(images = IMAGES) {
  render(
    <>
      <button type="button">Outside</button>
      <ProductGallery images={images} name={NAME} />
    </>,
  );
  return screen.getByRole('region', { name: `Photos of ${NAME}` });
}

function passTime(ms: number): void {
  act(() => vi.advanceTimersByTime(ms));
}

// As in a browser, every touch event lists the touch that changed (the dialog's scroll lock reads it).
function swipe(element: Element, fromX: number, toX: number): void {
  const start = [{ clientX: fromX, clientY: 200 }];
  const end = [{ clientX: toX, clientY: 202 }];
  fireEvent.touchStart(element, { touches: start, changedTouches: start });
  fireEvent.touchMove(element, { touches: end, changedTouches: end });
  fireEvent.touchEnd(element, { cancelable: true, changedTouches: end });
}

function mainImage(container: HTMLElement): HTMLImageElement {
  return within(container).getByRole('img', { name: new RegExp(`^${NAME}, image`) });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('product gallery at phone size', () => {
  beforeEach(() => setViewportWidth(375));

  it('steps with the arrows, wraps around both ends and refuses a step while the image changes', () => {
    const gallery = renderGallery();
    const next = within(gallery).getByRole('button', { name: 'Next image' });
    const previous = within(gallery).getByRole('button', { name: 'Previous image' });
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();

    fireEvent.click(previous);
    expect(within(gallery).getByText('3 / 3')).toBeInTheDocument();
    expect(mainImage(gallery)).toHaveAttribute('src', '/media/c-1080.jpg');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(next);
    expect(within(gallery).getByText('3 / 3')).toBeInTheDocument();

    passTime(CAROUSEL_LOCK_MS);
    expect(next).not.toHaveAttribute('aria-disabled');
    fireEvent.click(next);
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
    expect(within(gallery).getByText('Image 1 of 3')).toBeInTheDocument();
  });

  it('steps with the arrow keys only while focus is inside the gallery', () => {
    const gallery = renderGallery();
    const outside = screen.getByRole('button', { name: 'Outside' });
    outside.focus();
    fireEvent.keyDown(outside, { key: 'ArrowRight' });
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();

    const thumbnail = within(gallery).getByRole('button', { name: 'Show image 1' });
    thumbnail.focus();
    fireEvent.keyDown(thumbnail, { key: 'ArrowRight' });
    expect(within(gallery).getByText('2 / 3')).toBeInTheDocument();
    passTime(CAROUSEL_LOCK_MS);
    fireEvent.keyDown(thumbnail, { key: 'ArrowLeft', altKey: true });
    expect(within(gallery).getByText('2 / 3')).toBeInTheDocument();
    fireEvent.keyDown(thumbnail, { key: 'ArrowLeft' });
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
  });

  it('shows thumbnails in 5 columns and jumps to the one chosen', () => {
    const gallery = renderGallery();
    const strip = within(gallery).getByRole('list');
    expect(strip.style.gridTemplateColumns).toBe(`repeat(${THUMBNAIL_COLUMNS}, minmax(0, 1fr))`);
    const third = within(strip).getByRole('button', { name: 'Show image 3' });
    fireEvent.click(third);
    expect(within(gallery).getByText('3 / 3')).toBeInTheDocument();
    expect(third).toHaveAttribute('aria-current', 'true');
  });

  it('changes image on a swipe of 50 px, not on a shorter one', () => {
    const gallery = renderGallery();
    const stage = within(gallery).getByRole('button', { name: 'Open full-screen view' });
    swipe(stage, 200, 151);
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
    swipe(stage, 200, 150);
    expect(within(gallery).getByText('2 / 3')).toBeInTheDocument();
    passTime(CAROUSEL_LOCK_MS);
    swipe(stage, 100, 300);
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a full-screen viewer on the shown image, swipes there, and closes with Escape back to the image', () => {
    const gallery = renderGallery();
    fireEvent.click(within(gallery).getByRole('button', { name: 'Next image' }));
    passTime(CAROUSEL_LOCK_MS);
    const opener = within(gallery).getByRole('button', { name: 'Open full-screen view' });
    fireEvent.click(opener);

    const viewer = screen.getByRole('dialog', { name: NAME });
    expect(viewer).toHaveAccessibleDescription('Swipe to navigate');
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
    expect(viewer).toContainElement(document.activeElement as HTMLElement);
    expect(mainImage(viewer)).toHaveClass('object-contain');

    swipe(mainImage(viewer), 300, 100);
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();
    passTime(CAROUSEL_LOCK_MS);
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();

    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    passTime(0); // Radix hands focus back in a timeout after unmounting
    expect(document.activeElement).toBe(opener);
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
  });

  it('does not let the second tap of a double tap close the viewer it just opened', () => {
    const gallery = renderGallery();
    fireEvent.click(within(gallery).getByRole('button', { name: 'Open full-screen view' }));
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
    passTime(DOUBLE_TOGGLE_GUARD_MS - 1);
    fireEvent.click(close);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    passTime(1);
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a single image without arrows, counter or thumbnails; its viewer has no swipe hint', () => {
    const gallery = renderGallery([createImage('solo')]);
    expect(within(gallery).queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(within(gallery).queryByRole('list')).toBeNull();
    expect(within(gallery).queryByText('1 / 1')).toBeNull();
    fireEvent.click(within(gallery).getByRole('button', { name: 'Open full-screen view' }));
    const viewer = screen.getByRole('dialog', { name: NAME });
    expect(within(viewer).getByText('1 / 1')).toBeInTheDocument();
    expect(within(viewer).queryByText('Swipe to navigate')).toBeNull();
  });

  it('shows a placeholder for a product without images, with nothing to open or step', () => {
    const gallery = renderGallery([]);
    expect(
      within(gallery).getByRole('img', { name: `${NAME}, image 1 of 1 (Image unavailable)` }),
    ).toBeVisible();
    expect(within(gallery).queryAllByRole('button')).toEqual([]);
  });

  it('replaces an image that fails to load with a placeholder, and the next image still loads', () => {
    const gallery = renderGallery();
    fireEvent.error(mainImage(gallery));
    expect(
      within(gallery).getByRole('img', { name: `${NAME}, image 1 of 3 (Image unavailable)` }),
    ).toBeInTheDocument();
    fireEvent.click(within(gallery).getByRole('button', { name: 'Next image' }));
    expect(mainImage(gallery)).toHaveAttribute('src', '/media/b-1080.jpg');
  });
});

describe('product gallery at desktop size', () => {
  beforeEach(() => setViewportWidth(1280));

  it('zooms 1.8x around the mouse while it hovers, and not for a finger', () => {
    const gallery = renderGallery();
    expect(within(gallery).queryByRole('button', { name: 'Open full-screen view' })).toBeNull();
    const zoom = screen.getByTestId('gallery-zoom');
    vi.spyOn(zoom, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 50, 400, 400));
    const layer = zoom.firstElementChild as HTMLElement;

    fireEvent.pointerMove(zoom, { pointerType: 'touch', clientX: 200, clientY: 150 });
    expect(layer.style.transform).toBe('');
    fireEvent.pointerMove(zoom, { pointerType: 'mouse', clientX: 200, clientY: 350 });
    expect(layer.style.transform).toBe(`scale(${ZOOM_SCALE})`);
    expect(layer.style.transformOrigin).toBe('25% 75%');
    fireEvent.pointerLeave(zoom, { pointerType: 'mouse' });
    expect(layer.style.transform).toBe('');
  });
});
