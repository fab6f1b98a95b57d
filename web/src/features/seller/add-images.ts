import type { Signal } from '@preact/signals-react';
import { IMAGE_TYPE_NAMES, isImageType } from '@src/domain/image-types';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '@src/domain/product';
import type { ImageResizer } from './resize-image';

/** What a pick could not add: a toast (the spec's words where it has them) and a line for the form. */
export interface ImageNote {
  title: string;
  description: string;
  /** The line under the picker, which stays until the next pick (a toast shows only the last). */
  line: string;
}

/** Why `file` cannot be a listing photo (its type, then its size), or null when it can. */
function fileProblem(file: File): ImageNote | null {
  if (!isImageType(file)) {
    return {
      title: 'Unsupported file type',
      description: `${file.name} is not a ${IMAGE_TYPE_NAMES} image`,
      line: `${file.name} was not added: only ${IMAGE_TYPE_NAMES} images can be used`,
    };
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return {
      title: 'File too large',
      description: `${file.name} is too large, maximum size is 10MB`,
      line: `${file.name} was not added: it is over 10MB`,
    };
  }
  return null;
}

function leftOut(files: File[]): ImageNote {
  const count = files.length === 1 ? '1 was' : `${files.length} were`;
  return {
    title: 'Too many images',
    description: `You can only upload up to ${MAX_IMAGES} images`,
    line: `Only ${MAX_IMAGES} photos per listing: ${count} not added (${files.map((f) => f.name).join(', ')})`,
  };
}

/**
 * Adds the files of one pick in their order, each shrunk by `resize`. A file of another type, over
 * 10MB or unreadable is skipped and the others still go in; once the listing holds MAX_IMAGES
 * photos the rest are left out. Answers what was not added (the photo limit first).
 */
export async function addImages(
  images: Signal<string[]>,
  files: readonly File[],
  resize: ImageResizer,
): Promise<ImageNote[]> {
  const notes: ImageNote[] = [];
  const over: File[] = [];
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) {
      notes.push(problem);
    } else if (images.value.length >= MAX_IMAGES) {
      over.push(file);
    } else {
      try {
        const dataUrl = await resize(file);
        images.value = [...images.value, dataUrl];
      } catch {
        notes.push({
          title: 'Upload failed',
          description: `Failed to process ${file.name}`,
          line: `${file.name} was not added: it could not be read as an image`,
        });
      }
    }
  }
  return over.length > 0 ? [leftOut(over), ...notes] : notes;
}
