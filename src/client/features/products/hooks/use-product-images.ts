// A product's photos while the seller edits them: each picked file uploads at once (one request per photo, with
// its own progress and failure), and the list's order is the order the product will show, cover first.
import { useEffect, useRef, useState } from 'react';
import {
  IMAGE_UPLOAD_EXTENSIONS,
  IMAGE_UPLOAD_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
} from '../../../../shared/constants.ts';
import type { ProductImage } from '../../../../shared/contracts/products.ts';
import { PRODUCT_FORM_MESSAGES } from '../../../../shared/product-form-messages.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { uploadImage } from '../api/upload-image.ts';

export type ImageSlot = {
  key: string;
  name: string;
  /** A local object URL of a picked file; null for a photo the product already had (shown from the server). */
  previewUrl: string | null;
  status: 'uploading' | 'uploaded' | 'failed';
  /** Share of the file sent, 0 to 1. */
  progress: number;
  image: ProductImage | null;
  error: string | null;
};

const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

function readExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

function isAcceptedImage(file: File): boolean {
  if (file.type) return (IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type);
  return (IMAGE_UPLOAD_EXTENSIONS as readonly string[]).includes(readExtension(file.name));
}

function isHeic(file: File): boolean {
  return /^image\/hei[cf]/.test(file.type) || ['heic', 'heif'].includes(readExtension(file.name));
}

/** Splits picked files into those to upload (as many as there is room for) and a sentence for each refused one. */
export function checkPickedFiles(files: File[], room: number): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  let skipped = 0;
  for (const file of files) {
    if (!isAcceptedImage(file)) {
      problems.push(
        isHeic(file)
          ? PRODUCT_FORM_MESSAGES.imageHeic(file.name)
          : PRODUCT_FORM_MESSAGES.imageType(file.name),
      );
    } else if (file.size > MAX_IMAGE_BYTES) {
      problems.push(PRODUCT_FORM_MESSAGES.imageTooBig(file.name, MAX_IMAGE_MB));
    } else if (accepted.length < room) {
      accepted.push(file);
    } else {
      skipped += 1;
    }
  }
  if (skipped > 0) problems.push(PRODUCT_FORM_MESSAGES.imagesFull(MAX_PRODUCT_IMAGES, skipped));
  return { accepted, problems };
}

function toSlot(image: ProductImage, index: number): ImageSlot {
  return {
    key: `saved-${image.id}`,
    name: `Photo ${index + 1}`,
    previewUrl: null,
    status: 'uploaded',
    progress: 1,
    image,
    error: null,
  };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function useProductImages(initial: readonly ProductImage[]) {
  const [slots, setSlots] = useState<ImageSlot[]>(() => initial.map(toSlot));
  const [problems, setProblems] = useState<string[]>([]);
  // Kept outside state: a file only matters for a retry, a controller only for a cancel.
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Map<string, string>());
  const nextKey = useRef(0);

  useEffect(() => {
    const pending = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  function update(key: string, patch: Partial<ImageSlot>): void {
    setSlots((current) => current.map((slot) => (slot.key === key ? { ...slot, ...patch } : slot)));
  }

  function start(key: string, file: File): void {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    update(key, { status: 'uploading', progress: 0, error: null });
    uploadImage(file, { signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
      .then((image) => {
        files.current.delete(key);
        update(key, { status: 'uploaded', progress: 1, image });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) update(key, { status: 'failed', error: getErrorMessage(error) });
      })
      .finally(() => {
        if (uploads.current.get(key) === controller) uploads.current.delete(key);
      });
  }

  /**
   * Starts every accepted file at once: the browser queues what exceeds its connections per host, and each
   * photo still shows where it is.
   */
  function onAddFiles(picked: File[]): void {
    const { accepted, problems: refused } = checkPickedFiles(picked, MAX_PRODUCT_IMAGES - slots.length);
    setProblems(refused);
    const added = accepted.map((file) => {
      nextKey.current += 1;
      const key = `new-${nextKey.current}`;
      const previewUrl = URL.createObjectURL(file);
      objectUrls.current.set(key, previewUrl);
      files.current.set(key, file);
      const slot: ImageSlot = {
        key,
        name: file.name,
        previewUrl,
        status: 'uploading',
        progress: 0,
        image: null,
        error: null,
      };
      return { slot, file };
    });
    setSlots((current) => [...current, ...added.map(({ slot }) => slot)]);
    for (const { slot, file } of added) start(slot.key, file);
  }

  function onRetry(key: string): void {
    const file = files.current.get(key);
    if (file) start(key, file);
  }

  function onRemove(key: string): void {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    files.current.delete(key);
    const url = objectUrls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    objectUrls.current.delete(key);
    setSlots((current) => current.filter((slot) => slot.key !== key));
  }

  function onMove(from: number, to: number): void {
    if (to < 0 || to >= slots.length || from === to) return;
    setSlots((current) => moveItem(current, from, to));
  }

  return {
    slots,
    problems,
    isUploading: slots.some((slot) => slot.status === 'uploading'),
    hasFailed: slots.some((slot) => slot.status === 'failed'),
    /** The uploaded photos' ids, in the order shown. */
    imageIds: slots.flatMap((slot) => (slot.image ? [slot.image.id] : [])),
    onAddFiles,
    onRetry,
    onRemove,
    onMove,
  };
}

export type ProductImages = ReturnType<typeof useProductImages>;
