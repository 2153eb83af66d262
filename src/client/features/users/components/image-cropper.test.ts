// The crop step's geometry (decision 0074): what the frame shows of the image is what is drawn to the canvas.
import { describe, expect, it } from 'vitest';
import { getImageBox, getSourceRect } from './image-cropper.tsx';

describe('image crop geometry', () => {
  it('covers a square frame with a wide image, centred, and moves to either edge', () => {
    expect(getImageBox(1.5, 1, { zoom: 1, x: 0, y: 0 })).toEqual({
      width: 150,
      height: 100,
      left: -25,
      top: 0,
    });
    const size = { width: 900, height: 600 };
    expect(getSourceRect(size, 1, { zoom: 1, x: 0, y: 0 })).toEqual({
      x: 150,
      y: 0,
      width: 600,
      height: 600,
    });
    expect(getSourceRect(size, 1, { zoom: 1, x: 1, y: 0 })).toMatchObject({ x: 0, width: 600 });
    expect(getSourceRect(size, 1, { zoom: 1, x: -1, y: 0 })).toMatchObject({ x: 300, width: 600 });
  });

  it('takes a 3:1 band of a square image for a cover, and less of it when zoomed', () => {
    const size = { width: 1200, height: 1200 };
    expect(getSourceRect(size, 3, { zoom: 1, x: 0, y: -1 })).toEqual({
      x: 0,
      y: 800,
      width: 1200,
      height: 400,
    });
    const zoomed = getSourceRect(size, 3, { zoom: 2, x: 0, y: 0 });
    expect(zoomed.width).toBeCloseTo(600);
    expect(zoomed.height).toBeCloseTo(200);
    expect(zoomed.x).toBeCloseTo(300);
    expect(zoomed.y).toBeCloseTo(500);
  });
});
