// §9 image compression: quality 0.8, at most 500 × 500, aspect ratio kept. The pixel work goes through an
// adapter (canvas in browsers) so that the size rule is a pure function tested on its own.

export const IMAGE_QUALITY = 0.8;
export const IMAGE_MAX_WIDTH = 500;
export const IMAGE_MAX_HEIGHT = 500;

export interface Dimensions {
  width: number;
  height: number;
}

/** The largest size within the box with the same aspect ratio; never enlarges; at least 1 × 1. */
export function fitWithin(source: Dimensions, maxWidth = IMAGE_MAX_WIDTH, maxHeight = IMAGE_MAX_HEIGHT): Dimensions {
  const ratio = Math.min(1, maxWidth / source.width, maxHeight / source.height);
  return {
    width: Math.max(1, Math.round(source.width * ratio)),
    height: Math.max(1, Math.round(source.height * ratio)),
  };
}

export interface DecodedImage extends Dimensions {
  source: CanvasImageSource;
  /** Frees the decoded pixels (a full-size photo holds tens of MB) once encoding is done. */
  release?: () => void;
}

export interface ImageAdapter {
  decode(file: Blob): Promise<DecodedImage>;
  encode(image: DecodedImage, size: Dimensions, type: string, quality: number): Promise<Blob>;
}

function draw(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null,
  image: DecodedImage,
  size: Dimensions,
): void {
  if (!context) throw new Error('2d canvas is not available');
  context.drawImage(image.source, 0, 0, size.width, size.height);
}

export const canvasImageAdapter: ImageAdapter = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  },
  async encode(image, size, type, quality) {
    // Older Safari has no OffscreenCanvas: fall back to a detached <canvas>.
    if (typeof OffscreenCanvas === 'undefined') {
      const canvas = document.createElement('canvas');
      Object.assign(canvas, size);
      draw(canvas.getContext('2d'), image, size);
      return new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('image encoding failed'))), type, quality),
      );
    }
    const canvas = new OffscreenCanvas(size.width, size.height);
    draw(canvas.getContext('2d'), image, size);
    return canvas.convertToBlob({ type, quality });
  },
};

export interface CompressOptions {
  quality?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Output type; JPEG by default, since PNG ignores the quality setting. */
  type?: string;
  adapter?: ImageAdapter;
}

/** The compressed image as a File with the original name (its extension follows the output type). */
export async function compressImage(file: File, options: CompressOptions = {}): Promise<File> {
  const adapter = options.adapter ?? canvasImageAdapter;
  const type = options.type ?? 'image/jpeg';
  const image = await adapter.decode(file);
  let blob: Blob;
  try {
    blob = await adapter.encode(
      image,
      fitWithin(image, options.maxWidth, options.maxHeight),
      type,
      options.quality ?? IMAGE_QUALITY,
    );
  } finally {
    image.release?.();
  }
  const extension = type.split('/')[1] === 'jpeg' ? 'jpg' : (type.split('/')[1] ?? 'img');
  const name = `${file.name.replace(/\.[^./\\]*$/, '')}.${extension}`;
  return new File([blob], name, { type, lastModified: file.lastModified });
}
