/** Where a stored file is served: /uploads/{file}. */
export const uploadUrl = (file: string) => `/uploads/${encodeURIComponent(file)}`;
