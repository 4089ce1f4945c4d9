/**
 * The browser side of spec §5's compression: decode, resize on a canvas and re-encode with the
 * quality of `compressionPlan`. A result larger than the original is thrown away.
 */
import { compressibleType, compressionPlan, fitWithin } from '../../shared/image-compression';

export interface CompressedFile {
  blob: Blob;
  name: string;
  compressed: boolean;
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export async function compressImage(file: File): Promise<CompressedFile> {
  const plan = compressionPlan(file.size);
  if (!plan.compress || !compressibleType(file.type))
    return { blob: file, name: file.name, compressed: false };
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, plan.maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, name: file.name, compressed: false };
    // PNG has no quality setting: it becomes JPEG, on white where it was transparent.
    const type = file.type === 'image/png' ? 'image/jpeg' : file.type;
    if (type === 'image/jpeg') {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
    }
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await encode(canvas, type, plan.quality);
    if (!blob || blob.size >= file.size) return { blob: file, name: file.name, compressed: false };
    const name = type === file.type ? file.name : file.name.replace(/\.[^.]+$/, '') + '.jpg';
    return { blob, name, compressed: true };
  } finally {
    bitmap.close();
  }
}
