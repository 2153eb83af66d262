// A product's photos: the gallery, the full-screen viewer and a photo that did not load, which every product card
// shows (docs/product.md "Product detail"); apart, so that the landing pages' product cards carry only these.
// Product gallery and full-screen viewer (docs/product.md "Product detail"); the counter and the hint are its own.
export const GALLERY_MESSAGES = {
  counter: (position: number, total: number) => `${position} / ${total}`,
  position: (position: number, total: number) => `Image ${position} of ${total}`,
  swipeHint: 'Swipe to navigate',
  region: (name: string) => `Photos of ${name}`,
  imageAlt: (name: string, position: number, total: number) => `${name}, image ${position} of ${total}`,
  previous: 'Previous image',
  next: 'Next image',
  showImage: (position: number) => `Show image ${position}`,
  openViewer: 'Open full-screen view',
  close: 'Close',
  imageUnavailable: 'Image unavailable',
} as const;
