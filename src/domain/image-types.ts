/**
 * The photo types a listing takes: the ones the server stores and every browser decodes (the
 * picker shrinks each one before sending it).
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The same types by name, for messages: "JPEG, PNG, GIF or WebP". */
export const IMAGE_TYPE_NAMES = 'JPEG, PNG, GIF or WebP';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

/** The file picker's `accept`: the types, and their extensions for systems that give no type. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/**
 * Whether a chosen file is one of IMAGE_TYPES: by the type the browser gives, or by the name's
 * extension when it gives none.
 */
export function isImageType(file: { name: string; type: string }): boolean {
  if (file.type !== '') return (IMAGE_TYPES as readonly string[]).includes(file.type);
  const ext = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSIONS.includes(ext);
}
